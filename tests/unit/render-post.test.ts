/**
 * Issue 28: a mention inside an attribute (a link's title, a table cell's
 * `align`) was drawn as a `<span>` inside the attribute's value, whose quotes
 * closed the attribute and broke the post's HTML. Read here as a browser
 * parses it: mentions in the post's text are drawn as before; anywhere else
 * they stay the text they were written as.
 */
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { renderPost } from '~/lib/server/services/forums/render-post';

/** The post's HTML as a browser reads it. */
function parse(html: string) {
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document.body;
}

const attributesOf = (element: { attributes: ArrayLike<{ name: string; value: string | null }> }) => Object.fromEntries(Array.from(element.attributes, (attribute) => [attribute.name, attribute.value]));
const mentionsIn = (body: ReturnType<typeof parse>) => Array.from(body.querySelectorAll('span.mention'), (span) => span.textContent);

describe('mentions in a forum post', () => {
  it('in the text are drawn as before, their names escaped', () => {
    expect(renderPost('Hola @[Lucía Pérez](7), **@[Bo](3)**')).toBe('<p>Hola <span class="mention">@Lucía Pérez</span>, <strong><span class="mention">@Bo</span></strong></p>\n');
    const body = parse(renderPost('Mira @[Ana <b onclick="x()">&](4) aquí'));
    expect(mentionsIn(body)).toEqual(['@Ana <b onclick="x()">&']);
    expect(body.querySelector('b')).toBeNull();
  });

  it('in a link title stay plain text: the link keeps its own attributes only', () => {
    const body = parse(renderPost('[t](https://a.example "t @[Name](2)") y @[Ana](4)'));
    const links = body.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(attributesOf(links[0]!)).toEqual({ href: 'https://a.example', title: 't @[Name](2)', rel: 'noopener noreferrer nofollow ugc', target: '_blank' });
    expect(links[0]!.textContent).toBe('t');
    expect(mentionsIn(body)).toEqual(['@Ana']);
  });

  it("in a table cell's align stay plain text: the cell keeps its text and its one attribute", () => {
    const body = parse(renderPost('<table><tbody><tr><td align="center @[Name](2)">celda</td></tr></tbody></table>\n\nHola @[Ana](4)'));
    const cells = body.querySelectorAll('td');
    expect(cells).toHaveLength(1);
    expect(attributesOf(cells[0]!)).toEqual({ align: 'center @[Name](2)' });
    expect(cells[0]!.textContent).toBe('celda');
    expect(mentionsIn(body)).toEqual(['@Ana']);
  });

  it('in an image alt go with the image (posts show none), and in inline code stay as written', () => {
    const image = parse(renderPost('![foto de @[Name](2)](https://a.example/x.png "t @[Name](2)") y @[Ana](4)'));
    expect(image.querySelector('img')).toBeNull();
    expect(mentionsIn(image)).toEqual(['@Ana']);
    expect(image.textContent!.trim()).toBe('y @Ana');

    const code = parse(renderPost('Escribe `@[Name](2)` para mencionar a @[Ana](4)'));
    expect(code.querySelector('code')!.innerHTML).toBe('@[Name](2)');
    expect(mentionsIn(code)).toEqual(['@Ana']);
  });
});
