// Everything Chinese the app needs beyond its pages' own texts, as one lazy chunk (see ./index.ts): the
// shell's texts, antd's locale and dayjs's. English visitors never download it.
import 'dayjs/locale/zh-cn';
import antdZhCN from 'antd/es/locale/zh_CN';
import { zhCN } from './zh-CN';

export const texts = zhCN;
export const antdLocale = antdZhCN;
