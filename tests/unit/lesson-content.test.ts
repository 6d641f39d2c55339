import { describe, expect, it } from 'vitest';
import { renderLessonContent, renderMarkdown } from '~/lib/server/markdown/render-markdown';
import { toVideoEmbed } from '~/lib/server/services/content/video-embed';

describe('lesson Markdown', () => {
  it('renders headings, lists, code, tables and links', () => {
    const html = renderMarkdown('# Título\n\n- uno\n- dos\n\n```js\nconst a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[MDN](https://developer.mozilla.org)');
    expect(html).toContain('<h1>Título</h1>');
    expect(html).toContain('<li>uno</li>');
    expect(html).toContain('<code class="language-js">');
    expect(html).toContain('<td>1</td>');
    expect(html).toMatch(/<a href="https:\/\/developer\.mozilla\.org" rel="noopener noreferrer nofollow" target="_blank">MDN<\/a>/);
  });

  it('removes scripts, event handlers, styles, frames and unsafe links', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src="https://x.co/a.png" onerror="alert(2)">',
        '<p style="color:red" onclick="alert(3)">hola</p>',
        '<iframe src="https://evil.example"></iframe>',
        '[clic](javascript:alert(4))',
        '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
        '![x](javascript:alert(5))',
        '<form action="https://evil.example"><input name="p"></form>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/script|onerror|onclick|style=|iframe|javascript:|data:text|<form|<input/i);
    expect(html).toContain('<p>hola</p>');
    expect(html).toContain('<img src="https://x.co/a.png"');
  });

  it('caches per lesson revision: a new revision renders anew', () => {
    const first = renderLessonContent({ id: 9, revision: 1, contentMd: 'uno' });
    expect(renderLessonContent({ id: 9, revision: 1, contentMd: 'cambiado sin revisión' })).toBe(first);
    expect(renderLessonContent({ id: 9, revision: 2, contentMd: 'dos' })).toBe('<p>dos</p>\n');
  });
});

describe('video links', () => {
  it('embeds YouTube (privacy-enhanced), Vimeo and mp4', () => {
    expect(toVideoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toEqual({ kind: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect(toVideoEmbed('https://youtu.be/dQw4w9WgXcQ')).toEqual({ kind: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect(toVideoEmbed('https://vimeo.com/76979871')).toEqual({ kind: 'vimeo', src: 'https://player.vimeo.com/video/76979871' });
    expect(toVideoEmbed('https://cdn.example.co/clase-1.mp4')).toEqual({ kind: 'mp4', src: 'https://cdn.example.co/clase-1.mp4' });
  });

  it('refuses anything else', () => {
    for (const link of ['javascript:alert(1)', 'https://evil.example/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=<script>', 'ftp://x/a.mp4', 'http://x/a.mp4', 'no es un link', null]) {
      expect(toVideoEmbed(link), String(link)).toBeNull();
    }
  });
});
