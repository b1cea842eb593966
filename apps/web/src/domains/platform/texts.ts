import { registerTexts } from '../../shared/i18n';

/** The platform settings page's texts: `t('platform.<key>')`. */
const en = {
  title: 'Platform settings',
  name: 'Platform name',
  titleType: 'Header title',
  titleTypes: {
    1: 'Platform name',
    2: 'Navigation name',
    3: 'Both',
  },
  titleTypeHint: 'Navigation name is the name of the area open in the top menu; the slogan is shown when the chosen title is empty.',
  slogan: 'Slogan',
  sloganHint: 'Shown in the header when the chosen title is empty, and in the browser tab when there is no platform name.',
  icon: 'Platform icon',
  iconHint: 'JPG or PNG, at most 1 MB: the header logo and the browser tab icon.',
  readOnly: 'You may view the platform settings; changing them needs the edit permission.',
  discard: 'Discard changes',
  saved: 'Platform settings saved',
};

const zh: typeof en = {
  title: '平台设置',
  name: '平台名称',
  titleType: '页头标题',
  titleTypes: {
    1: '平台名称',
    2: '导航名称',
    3: '两者',
  },
  titleTypeHint: '导航名称即顶部菜单中当前打开的区域名称；所选标题为空时显示平台标语。',
  slogan: '平台标语',
  sloganHint: '所选标题为空时显示在页头；未设置平台名称时显示在浏览器标签页。',
  icon: '平台图标',
  iconHint: 'JPG 或 PNG，不超过 1 MB：用作页头徽标和浏览器标签页图标。',
  readOnly: '您可以查看平台设置；修改需要编辑权限。',
  discard: '放弃修改',
  saved: '平台设置已保存',
};

registerTexts('platform', { 'en-US': en, 'zh-CN': zh });
