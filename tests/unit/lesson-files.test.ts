import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '~/lib/server/http/file-download';
import { readMarkdownLesson, titleFromFileName } from '~/lib/server/services/content/lesson-import/read-markdown-lesson';
import { detectAttachmentType, nameWithExtensionOf } from '~/lib/server/storage/detect-attachment-type';
import { createLocalDiskStorage } from '~/lib/server/storage/local-disk';
import { formatFileSize } from '~/lib/shared/format-file-size';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const ZIP = [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00];
const markdown = (name: string, content: string) => readMarkdownLesson({ name, declaredType: 'text/markdown', data: text(content) });

describe('detectAttachmentType', () => {
  it('recognises PDF, images, zips and the Office/OpenDocument files inside them by their bytes', () => {
    expect(detectAttachmentType(text('%PDF-1.7\n'), 'guia.txt')).toBe('application/pdf');
    expect(detectAttachmentType(text('GIF89a....'), 'a.gif')).toBe('image/gif');
    expect(detectAttachmentType(bytes(0xff, 0xd8, 0xff, 0xe0), 'foto')).toBe('image/jpeg');
    expect(detectAttachmentType(bytes(...ZIP), 'informe.DOCX')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(detectAttachmentType(bytes(...ZIP), 'notas.ods')).toBe('application/vnd.oasis.opendocument.spreadsheet');
    expect(detectAttachmentType(bytes(...ZIP), 'material.zip')).toBe('application/zip');
    // A zip named like something else is still only a zip.
    expect(detectAttachmentType(bytes(...ZIP), 'pagina.html')).toBe('application/zip');
    expect(detectAttachmentType(bytes(...OLE), 'viejo.doc')).toBe('application/msword');
  });

  it('refuses SVG, HTML, executables, installers in an Office container, and empty files', () => {
    expect(detectAttachmentType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg')).toBeNull();
    expect(detectAttachmentType(text('<!doctype html><script>x</script>'), 'a.pdf')).toBeNull();
    expect(detectAttachmentType(text('MZ\u0090\u0000'), 'a.exe')).toBeNull();
    expect(detectAttachmentType(bytes(...OLE), 'setup.msi')).toBeNull();
    expect(detectAttachmentType(bytes(), 'a.pdf')).toBeNull();
  });

  it('keeps a name whose extension matches and adds the right one otherwise', () => {
    expect(nameWithExtensionOf('Foto.JPEG', 'image/jpeg')).toBe('Foto.JPEG');
    expect(nameWithExtensionOf('foto.jpg', 'image/jpeg')).toBe('foto.jpg');
    expect(nameWithExtensionOf('notas', 'application/pdf')).toBe('notas.pdf');
    expect(nameWithExtensionOf('virus.exe', 'application/zip')).toBe('virus.exe.zip');
  });
});

describe('attachmentDisposition', () => {
  it('always says attachment and encodes any name safely', () => {
    expect(attachmentDisposition('plan.pdf')).toBe(`attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
    const tricky = attachmentDisposition('a"b\r\nSet-Cookie: x=1; ñ (1)%.pdf');
    expect(tricky).not.toMatch(/[\r\n]/);
    expect(tricky).toBe(`attachment; filename="a_b__Set-Cookie: x=1; n (1)_.pdf"; filename*=UTF-8''a%22b%0D%0ASet-Cookie%3A%20x%3D1%3B%20%C3%B1%20%281%29%25.pdf`);
  });
});

describe('private storage', () => {
  it('keeps private files out of reach of public reads, and public ones out of private reads', async () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'senda-private-')), 'uploads');
    const storage = createLocalDiskStorage(directory);
    const key = await storage.putPrivate(text('%PDF-1.4'), 'application/pdf');
    expect(await storage.getPrivate(key)).toEqual({ data: text('%PDF-1.4'), contentType: 'application/pdf' });
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(`private/${key}`)).toBeNull();
    expect(readdirSync(directory)).toEqual(['private']);
    const shown = await storage.put(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png');
    expect(await storage.getPrivate(shown.key)).toBeNull();
    await storage.deletePrivate(key);
    expect(await storage.getPrivate(key)).toBeNull();
  });
});

describe('reading a Markdown lesson', () => {
  it('takes the title from the file name without folder, number or separators', () => {
    expect(titleFromFileName('curso/01-primeros_pasos.md')).toBe('Primeros pasos');
    expect(titleFromFileName('10 - Cierre final.markdown')).toBe('Cierre final');
    expect(titleFromFileName('2024.md')).toBe('2024');
  });

  it('ignores headings inside code blocks and keeps a heading that does not open the text', () => {
    const fenced = markdown('03-codigo.md', 'Intro\n\n```md\n# no soy el título\n```\n\n# Título real\n\nTexto');
    expect(fenced.title).toBe('Título real');
    expect(fenced.contentMd).toBe('Intro\n\n```md\n# no soy el título\n```\n\n# Título real\n\nTexto');
    const noHeading = markdown('04-sin-titulo.md', '## Subtítulo\n\nTexto');
    expect(noHeading.title).toBe('Sin titulo');
  });

  it('reads quoted front-matter values and English or Spanish keys, ignoring the rest', () => {
    const draft = markdown('x.md', "---\nTitle: 'Hola: mundo'\n# comentario\ntags: [a, b]\nSección: Módulo 1\nvideo_url: https://vimeo.com/76979871\n---\n\nCuerpo");
    expect(draft).toMatchObject({ title: 'Hola: mundo', section: 'Módulo 1', videoUrl: 'https://vimeo.com/76979871', contentMd: 'Cuerpo', problems: {} });
  });

  it('reports binary files as not UTF-8 text', () => {
    const draft = readMarkdownLesson({ name: 'imagen.md', declaredType: '', data: bytes(0x89, 0x50, 0x4e, 0x47, 0x00, 0x01) });
    expect(draft.problems).toEqual({ file: 'validation.lessonImport.encoding' });
  });
});

describe('formatFileSize', () => {
  it('writes sizes in the language’s units and numbers', () => {
    expect(formatFileSize(820, 'es')).toBe('820 bytes');
    expect(formatFileSize(1536, 'es')).toBe('1,5 kB');
    expect(formatFileSize(3.25 * 1024 * 1024, 'en')).toBe('3.3 MB');
  });
});
