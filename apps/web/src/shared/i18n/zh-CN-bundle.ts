// Everything Chinese the app needs beyond its pages' own texts, as one lazy chunk (see ./index.ts): the
// shell's texts, antd's locale and dayjs's. English visitors never download it.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import antdZhCN from 'antd/es/locale/zh_CN';
import { zhCN } from './zh-CN';

export const texts = zhCN;
export const antdLocale = antdZhCN;

/** dayjs's global locale (pickers, relative times): Chinese while the language is, English otherwise. */
export const setDayjsChinese = (chinese: boolean) => void dayjs.locale(chinese ? 'zh-cn' : 'en');
