/**
 * An island's page data (src/islands/common/page-data.ts): the server render
 * is handed the value itself, once; the browser reads the same value from the
 * page's JSON block, which a post cannot close.
 */
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageData, readPageData, usePageData } from '~/islands/common/page-data';

function Greeting({ dataId }: { dataId: string }) {
  const { name } = usePageData<{ name: string }>(dataId);
  return <p>Hola, {name}</p>;
}

describe('page data', () => {
  it('writes a JSON block that no text can close, and reads back the same value', () => {
    const value = { body: 'Mi duda </script><script>alert(1)</script> <!-- fin', n: 3 };
    const data = pageData(value);
    expect(data.json).not.toContain('<');
    expect(JSON.parse(data.json)).toEqual(value);
  });

  it('hands the value itself to the server render once; the browser reads it from the block', () => {
    const data = pageData({ name: 'Valentina' });
    expect(renderToString(<Greeting dataId={data.id} />)).toContain('Hola, <!-- -->Valentina');

    // In the browser the handover is empty: the page's block is read.
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = data.id;
    block.textContent = data.json;
    document.body.append(block);
    render(<Greeting dataId={data.id} />);
    expect(screen.getByText('Hola, Valentina')).toBeTruthy();
    block.remove();
  });

  it('gives each block its own id, and says which block is missing', () => {
    const first = pageData(1);
    const second = pageData(2);
    expect(first.id).not.toBe(second.id);
    expect(readPageData(first.id)).toBe(1);
    expect(() => readPageData(first.id)).toThrow(`No page data block #${first.id}`);
  });
});
