import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { App, queryClient } from '../app/app';
import { embedding } from '../app/navigation';
import { disposeRouter } from '../app/router';
import { i18nReady } from '../shared/i18n';
import { readSettings, windowSettings, type WindowSettings } from '../shared/window-settings';

/**
 * The platform as a sub-application of a base application (docs/embedding.md): the module a Module
 * Federation remote exposes as `./platform` (`vite.embed.config.ts`, built into dist/embed/). Only an
 * embedding base application loads it; the standalone pages never do.
 *
 * What the base gives at mount: the element to render in, the path the platform lives under, the
 * window-provided settings of spec 000 (select-staff origin, theme, alarm links...) and the auth origin
 * of `/ms-ac/login`. What the platform leaves on the base's page after `unmount`: nothing. Its styles
 * (antd's CSS-in-JS) go into an element of its own inside the container, not into the document's head;
 * the theme's `data-theme` is on its own element, not on <html>; the tab title, <html lang> and
 * the base's error handlers are left alone; the React root, the router's history listener, the query
 * cache and its timers, the sign-in re-check and the STOMP socket end with the React tree.
 */
export interface PlatformMountProps {
  /** The element the platform renders in (emptied again at unmount). */
  container: HTMLElement;
  /** The base application's path for the platform, e.g. '/energy' ('' or absent: the page's root). */
  basename?: string;
  /** The window-provided settings of spec 000 (`window.__ENERGY_SETTINGS__` of a standalone page). */
  settings?: WindowSettings;
  /** The origin of `/ms-ac/login` (default: the page's origin). */
  authOrigin?: string;
}

interface Mounted {
  root: Root;
  /** What the platform added to the base's container. */
  added: HTMLElement[];
  /** The rc-util styles (antd's icons: `.anticon`) the head held before the mount: the base's, kept. */
  headStyles: Set<Element>;
}

/** Styles that antd's helpers (rc-util `updateCSS`) put into the head whatever the style container. */
const rcUtilStyles = () => new Set(document.head.querySelectorAll('style[rc-util-key]'));

let mounted: Mounted | undefined;

/** A base path as `/a/b` (no trailing slash), or '' for the root; anything else is refused. */
function basePath(value: string | undefined): string {
  if (value === undefined || value === '' || value === '/') return '';
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(value) || value.includes('//')) throw new Error(`basename: "${value}" is not a path like /energy`);
  return value.replace(/\/$/, '');
}

function origin(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, ''))
    throw new Error(`authOrigin: "${value}" is not an origin like https://auth.example.com`);
  return url.origin;
}

/** Nothing to prepare: the lifecycle of micro-frontend frameworks asks for it. */
export async function bootstrap(): Promise<void> {}

/** Renders the platform into `props.container`; a second mount without an unmount is refused. */
export async function mount(props: PlatformMountProps): Promise<void> {
  if (mounted) throw new Error('The platform is already mounted: unmount it first');
  const basename = basePath(props.basename);
  const authOrigin = origin(props.authOrigin);
  Object.assign(embedding, { embedded: true, basename, authOrigin });
  for (const key of Object.keys(windowSettings)) delete windowSettings[key as keyof WindowSettings];
  Object.assign(windowSettings, readSettings(props.settings ?? {}));
  await i18nReady;
  const headStyles = rcUtilStyles();
  // antd's styles go here, in a cache of this mount (a cache of an earlier mount believes they are there)
  const styles = document.createElement('div');
  styles.dataset.energyStyles = '';
  const host = document.createElement('div');
  host.dataset.energyPlatform = '';
  props.container.append(styles, host);
  const root = createRoot(host);
  mounted = { root, added: [styles, host], headStyles };
  root.render(
    <StrictMode>
      <StyleProvider container={styles} cache={createCache()}>
        <App themeRoot={host} />
      </StyleProvider>
    </StrictMode>,
  );
}

/** Removes everything the platform added: React tree (and with it the socket and timers), router, cache, styles. */
export async function unmount(): Promise<void> {
  if (!mounted) return;
  const { root, added, headStyles } = mounted;
  mounted = undefined;
  root.unmount();
  disposeRouter();
  queryClient.clear();
  for (const element of added) element.remove();
  for (const style of rcUtilStyles()) if (!headStyles.has(style)) style.remove();
  Object.assign(embedding, { embedded: false, basename: '', authOrigin: '' });
}
