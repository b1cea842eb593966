import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { files } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { ApiError, upload } from '../api/client';
import { acceptsOnlyImages, checkUpload, DEFAULT_UPLOAD_RULES, fileGetUrl, isImageName } from './upload-checks';
import './texts';

/** The file center's upload calls (multipart field `file`); both answer the uploaded file with its key. */
export type UploadEndpoint = typeof files.fileUpload | typeof files.fileUploadLegacy;

interface CommonProps {
  /** Size limit in MB (default 1). */
  maxSizeMb?: number;
  /** Accepted extensions or MIME types, comma separated (default '.jpg,.jpeg,.png'). */
  accept?: string;
  /** Exact pixel size an image must have (both or neither). */
  width?: number;
  height?: number;
  listType?: 'picture-card' | 'text';
  disabled?: boolean;
  /** The upload call (default the v2 file center). */
  endpoint?: UploadEndpoint;
  /** Set by antd Form.Item, so the label focuses the file input. */
  id?: string;
}

/** One file: the value is the uploaded file's key, or null. A new file replaces the current one. */
export interface SingleUploadProps extends CommonProps {
  multiple?: false;
  maxCount?: 1;
  value?: string | null;
  onChange?: (key: string | null) => void;
}

/** Several files: the value is the list of keys, at most `maxCount` of them. */
export interface MultiUploadProps extends CommonProps {
  multiple: true;
  maxCount: number;
  value?: string[];
  onChange?: (keys: string[]) => void;
}

export type UploadFieldProps = SingleUploadProps | MultiUploadProps;

type Uploaded = { key: string };

const keyOf = (f: UploadFile) => (f.response as Uploaded | undefined)?.key;
const doneKeys = (list: UploadFile[]) => list.filter((f) => f.status === 'done' && keyOf(f)).map((f) => keyOf(f)!);
const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/** A list entry for a key the form already holds; the file center gives no name for a key, so the key is its name. */
function entryOfKey(key: string, images: boolean): UploadFile {
  const url = fileGetUrl(key);
  return {
    uid: key,
    name: key,
    status: 'done',
    response: { key },
    url,
    ...(images ? { thumbUrl: url } : { type: 'application/octet-stream' }),
  };
}

/** After the server answers: the file's download URL, and for images its preview from the file center. */
function withUrl(f: UploadFile): UploadFile {
  const key = keyOf(f);
  if (f.status !== 'done' || !key || f.url) return f;
  const url = fileGetUrl(key);
  return isImageName(f.name) ? { ...f, url, thumbUrl: url } : { ...f, url };
}

/**
 * The Upload block (spec 000 §2, §4, §5, §8, §9): checks size, type and optional dimensions before
 * sending, so a refused file never reaches the server; uploads through the API client; reports a failure
 * as '{file name} upload failed'. Controlled, so it works as an antd Form item: single mode holds a key
 * (string | null), multi mode a list of keys. Files still uploading or failed are not part of the value.
 */
export function UploadField(props: UploadFieldProps) {
  const { maxSizeMb, accept, width, height, listType = 'text', disabled, endpoint = files.fileUpload, id } = props;
  const multiple = props.multiple === true;
  const maxCount = multiple ? props.maxCount : DEFAULT_UPLOAD_RULES.maxCount;
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const acceptText = accept ?? DEFAULT_UPLOAD_RULES.accept;

  const valueKeys = props.multiple ? (props.value ?? []) : props.value ? [props.value] : [];
  const valueSignature = valueKeys.join('\n');
  const [list, setList] = useState<UploadFile[]>([]);
  // the list and the keys last reported, read by antd's callbacks between renders
  const listRef = useRef(list);
  const reported = useRef<string[]>(valueKeys);

  // the form changed the value (initial values, reset, another editor): show those keys
  useEffect(() => {
    const keys = valueSignature ? valueSignature.split('\n') : [];
    const images = acceptsOnlyImages(acceptText);
    reported.current = keys;
    setList((prev) => {
      if (sameKeys(doneKeys(prev), keys)) return prev;
      const known = new Map(prev.filter((f) => f.status === 'done').map((f) => [keyOf(f), f]));
      const pending = prev.filter((f) => f.status === 'uploading' || f.status === 'error');
      const next = [...keys.map((k) => known.get(k) ?? entryOfKey(k, images)), ...pending];
      listRef.current = next;
      return next;
    });
  }, [valueSignature, acceptText]);

  const report = (next: UploadFile[]) => {
    const keys = doneKeys(next);
    if (sameKeys(keys, reported.current)) return;
    reported.current = keys;
    if (props.multiple) props.onChange?.(keys);
    else props.onChange?.(keys[0] ?? null);
  };

  const taken = (l: UploadFile[]) => l.filter((f) => f.status !== 'error').length;

  const beforeUpload: UploadProps['beforeUpload'] = async (file, batch) => {
    if (multiple && taken(listRef.current) + batch.indexOf(file) >= maxCount) {
      void message.error({ content: t('uploadField.tooMany', { n: maxCount }), key: 'upload-too-many' });
      return Upload.LIST_IGNORE;
    }
    const refusal = await checkUpload(file, { maxSizeMb, accept: acceptText, width, height });
    if (refusal) {
      void message.error(refusal);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const sent = file as File;
    upload(endpoint, sent)
      .then((saved) => onSuccess?.(saved))
      .catch((error: unknown) => {
        void message.error(t('errors.uploadFailed', { name: sent.name }));
        // the server's reason shows on the failed entry's tooltip
        onError?.(error instanceof Error ? error : new Error(String(error)), error instanceof ApiError ? error.message : undefined);
      });
  };

  const onChange: UploadProps['onChange'] = (info) => {
    const next = info.fileList.map(withUrl);
    listRef.current = next;
    setList(next);
    report(next);
  };

  const full = taken(list) >= maxCount;
  const trigger =
    listType === 'picture-card' ? (
      full ? null : (
        <button type="button" disabled={disabled} style={{ border: 0, background: 'none', cursor: 'inherit', color: 'inherit' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('uploadField.choose')}</div>
        </button>
      )
    ) : (
      <Button icon={<UploadOutlined />} disabled={disabled || (multiple && full)}>
        {t('uploadField.choose')}
      </Button>
    );

  return (
    <Upload
      id={id}
      data-testid="upload-input"
      accept={{ format: acceptText, filter: 'native' }}
      multiple={multiple}
      maxCount={multiple ? undefined : 1}
      listType={listType}
      disabled={disabled}
      fileList={list}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={onChange}
    >
      {trigger}
    </Upload>
  );
}
