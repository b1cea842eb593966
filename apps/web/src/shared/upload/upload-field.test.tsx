import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, Button, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { files as fileContracts } from '@energy/contracts';
import { acceptList, acceptsOnlyImages, DEFAULT_UPLOAD_RULES, fileGetUrl, IMAGE_EXTENSIONS, isImageName } from './upload-checks';
import { UploadField, type MultiUploadProps, type SingleUploadProps } from './upload-field';

// The server is not running in component tests: fetch answers as the file center would.
let fetchSpy: ReturnType<typeof vi.spyOn>;
let nextKey = 0;
function serverAccepts() {
  fetchSpy.mockImplementation(async () => {
    nextKey += 1;
    const data = { key: `key-${nextKey}`, name: 'x', size: 1, contentType: 'image/png', url: `/api/v2/file-center/get?key=key-${nextKey}` };
    return new Response(JSON.stringify({ code: 0, data, msg: 'ok' }), { status: 200 });
  });
}
function serverRefuses() {
  fetchSpy.mockImplementation(
    async () => new Response(JSON.stringify({ code: 40003, data: null, msg: 'upload the correct file format' }), { status: 400 }),
  );
}

beforeEach(() => {
  nextKey = 0;
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  serverAccepts();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const MB = 1024 * 1024;

function Single(props: Omit<SingleUploadProps, 'value' | 'onChange'> & { initial?: string | null }) {
  const { initial = null, ...rest } = props;
  const [value, setValue] = useState<string | null>(initial);
  return (
    <AntApp>
      <UploadField {...rest} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </AntApp>
  );
}

function Multi(props: Omit<MultiUploadProps, 'value' | 'onChange' | 'multiple'>) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <AntApp>
      <UploadField {...props} multiple value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </AntApp>
  );
}

const input = () => screen.getByTestId('upload-input') as HTMLInputElement;
const choose = async (...chosen: File[]) => {
  await act(async () => {
    fireEvent.change(input(), { target: { files: chosen } });
  });
};
const value = () => JSON.parse(screen.getByTestId('value').textContent!) as unknown;

describe('UploadField refuses before sending', () => {
  it('refuses a file over the default 1 MB limit, and sends nothing', async () => {
    render(<Single />);
    await choose(png('big.png', MB + 1));
    expect(await screen.findByText('The file size must not exceed 1M')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(value()).toBeNull();
  });

  it('accepts exactly 1 MB', async () => {
    render(<Single />);
    await choose(png('edge.png', MB));
    await waitFor(() => expect(value()).toBe('key-1'));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('uses a custom size limit in the message', async () => {
    render(<Single maxSizeMb={5} />);
    await choose(png('big.png', 5 * MB + 1));
    expect(await screen.findByText('The file size must not exceed 5M')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    await choose(png('fits.png', 5 * MB));
    await waitFor(() => expect(value()).toBe('key-1'));
  });

  it('refuses an extension outside the default .jpg,.jpeg,.png', async () => {
    render(<Single />);
    await choose(new File(['x'], 'notes.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Please upload the correct file format')).toBeTruthy();
    await choose(new File(['x'], 'noext', { type: 'image/png' }));
    expect(fetchSpy).not.toHaveBeenCalled();
    // upper-case extensions are the same extension
    await choose(new File(['x'], 'PHOTO.JPG', { type: 'image/jpeg' }));
    await waitFor(() => expect(value()).toBe('key-1'));
  });

  it('uses a custom accepted list', async () => {
    render(<Single accept=".pdf,docx" />);
    await choose(png('me.png'));
    expect(await screen.findByText('Please upload the correct file format')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    await choose(new File(['x'], 'report.docx'));
    await waitFor(() => expect(value()).toBe('key-1'));
  });

  it('checks exact dimensions when width and height are given', async () => {
    // jsdom decodes no images: the test gives each object URL the size a browser would read
    const sizes = new Map<string, { w: number; h: number }>();
    let n = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (f: File) => `blob:${++n}:${f.name}`, revokeObjectURL: () => undefined }));
    vi.stubGlobal(
      'Image',
      class {
        naturalWidth = 0;
        naturalHeight = 0;
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        set src(url: string) {
          const size = sizes.get(url.split(':')[2]!);
          setTimeout(() => {
            if (!size) return this.onerror?.();
            this.naturalWidth = size.w;
            this.naturalHeight = size.h;
            this.onload?.();
          });
        }
      },
    );
    sizes.set('wrong.png', { w: 100, h: 99 });
    sizes.set('right.png', { w: 100, h: 100 });
    render(<Single width={100} height={100} />);
    await choose(png('wrong.png'));
    expect(await screen.findByText('Please upload a file of 100 × 100 pixels')).toBeTruthy();
    await choose(png('broken.png'));
    expect(fetchSpy).not.toHaveBeenCalled();
    await choose(png('right.png'));
    await waitFor(() => expect(value()).toBe('key-1'));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});

describe('UploadField value', () => {
  it('single mode: sends the file as multipart field `file` and returns its key; removing gives null', async () => {
    render(<Single />);
    await choose(png('me.png'));
    await waitFor(() => expect(value()).toBe('key-1'));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v2/file-center/upload');
    expect(((init as RequestInit).body as FormData).get('file')).toBeInstanceOf(File);
    // a second file replaces the first
    await choose(png('other.png'));
    await waitFor(() => expect(value()).toBe('key-2'));
    expect(screen.queryByText('me.png')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /remove|delete/i }));
    await waitFor(() => expect(value()).toBeNull());
  });

  it('single mode: the legacy upload call when asked', async () => {
    const { files } = await import('@energy/contracts/refs');
    render(<Single endpoint={files.fileUploadLegacy} />);
    await choose(png('me.png'));
    await waitFor(() => expect(value()).toBe('key-1'));
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/file-center/upload');
  });

  it('multi mode: returns the list of keys, up to maxCount', async () => {
    render(<Multi maxCount={2} />);
    await choose(png('a.png'), png('b.png'));
    await waitFor(() => expect(value()).toEqual(['key-1', 'key-2']));
    await choose(png('c.png'));
    expect(await screen.findByText('At most 2 files can be uploaded')).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(value()).toEqual(['key-1', 'key-2']);
  });

  it('multi mode: a batch larger than the free slots sends only what fits', async () => {
    render(<Multi maxCount={3} />);
    await choose(png('a.png'));
    await waitFor(() => expect(value()).toEqual(['key-1']));
    await choose(png('b.png'), png('c.png'), png('d.png'));
    await waitFor(() => expect(value()).toEqual(['key-1', 'key-2', 'key-3']));
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(screen.getByText('At most 3 files can be uploaded')).toBeTruthy();
  });

  it('a server refusal says "{file name} upload failed" and keeps the value', async () => {
    serverRefuses();
    render(<Single />);
    await choose(png('me.png'));
    expect(await screen.findByText('me.png upload failed')).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(value()).toBeNull();
    // the entry stays, in the error state
    expect(document.querySelector('.ant-upload-list-item-error')).not.toBeNull();
  });

  it('shows the keys a form already holds, with the file-center URL as preview', async () => {
    render(<Single initial="abc" listType="picture-card" />);
    const link = await waitFor(() => document.querySelector('a[href="/api/v2/file-center/get?key=abc"]'));
    expect(link).not.toBeNull();
    expect(document.querySelector('img[src="/api/v2/file-center/get?key=abc"]')).not.toBeNull();
  });

  it('disabled: the file input is disabled and nothing can be chosen', () => {
    render(<Single disabled />);
    expect(input().disabled).toBe(true);
  });

  it('works as an antd Form item: the form receives the key', async () => {
    let submitted: unknown = 'not yet';
    render(
      <AntApp>
        <Form onFinish={(v: { pic: string | null }) => (submitted = v.pic)} initialValues={{ pic: null }}>
          <Form.Item name="pic">
            <UploadField />
          </Form.Item>
          <Button htmlType="submit">go</Button>
        </Form>
      </AntApp>,
    );
    await choose(png('me.png'));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-done')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(submitted).toBe('key-1'));
  });
});

describe('upload checks', () => {
  it('has the spec defaults: 1 MB, .jpg,.jpeg,.png, one file', () => {
    expect(DEFAULT_UPLOAD_RULES).toEqual({ maxSizeMb: 1, accept: '.jpg,.jpeg,.png', maxCount: 1 });
  });

  it('reads an accepted list with or without dots, in any case', () => {
    expect(acceptList(' .PDF, docx ,image/*')).toEqual(['.pdf', '.docx', 'image/*']);
    expect(acceptList()).toEqual(['.jpg', '.jpeg', '.png']);
  });

  it('knows the images group of the file center', () => {
    expect(IMAGE_EXTENSIONS).toEqual(fileContracts.FILE_LIMITS.groups.images.map((e) => `.${e}`));
    expect(isImageName('A.WEBP')).toBe(true);
    expect(isImageName('a.pdf')).toBe(false);
    expect(acceptsOnlyImages()).toBe(true);
    expect(acceptsOnlyImages('.png,.pdf')).toBe(false);
    expect(fileGetUrl('a b')).toBe('/api/v2/file-center/get?key=a%20b');
  });
});
