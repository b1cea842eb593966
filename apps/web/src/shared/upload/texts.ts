import { registerTexts } from '../i18n';

/** Texts of the Upload block; the refusal messages of spec 000 §5 are the shell's `upload.*` keys. */
const en = {
  choose: 'Upload',
  tooMany: 'At most {{n}} files can be uploaded',
};
const zh: typeof en = {
  choose: '上传',
  tooMany: '最多上传 {{n}} 个文件',
};

registerTexts('uploadField', { 'en-US': en, 'zh-CN': zh });
