// A small base application (docs/embedding.md): it loads the platform's Module Federation remote
// (/embed/remoteEntry.js: the container's `init` and `get`), mounts it under /base-app with its own
// settings, and counts what the platform leaves behind: intervals and window/document listeners.
const state = { mounts: 0, unmounts: 0, errors: [], intervals: new Set(), listeners: 0 };
window.__BASE__ = {
  state,
  activeIntervals: () => state.intervals.size,
  listeners: () => state.listeners,
};

// count intervals and listeners of the page (the base itself has none after start)
const setInterval0 = window.setInterval.bind(window);
const clearInterval0 = window.clearInterval.bind(window);
window.setInterval = (...args) => {
  const id = setInterval0(...args);
  state.intervals.add(id);
  return id;
};
window.clearInterval = (id) => {
  state.intervals.delete(id);
  clearInterval0(id);
};
for (const target of [window, document]) {
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  const seen = new Map();
  const key = (type, fn, options) => `${type}|${typeof options === 'boolean' ? options : Boolean(options?.capture)}`;
  target.addEventListener = (type, fn, options) => {
    if (fn) {
      const k = key(type, fn, options);
      const fns = seen.get(k) ?? new Set();
      if (!fns.has(fn)) state.listeners++;
      fns.add(fn);
      seen.set(k, fns);
    }
    return add(type, fn, options);
  };
  target.removeEventListener = (type, fn, options) => {
    const fns = seen.get(key(type, fn, options));
    if (fns?.delete(fn)) state.listeners--;
    return remove(type, fn, options);
  };
}

const slot = document.getElementById('platform-slot');
let platform;

async function load() {
  if (platform) return platform;
  const container = await import('/embed/remoteEntry.js');
  await container.init({}); // nothing shared: the platform brings its own React and antd
  platform = (await container.get('./platform'))();
  await platform.bootstrap();
  return platform;
}

async function mount() {
  const p = await load();
  await p.mount({
    container: slot,
    basename: '/base-app',
    authOrigin: window.location.origin,
    settings: { theme: 'light', deviceAlarmConfig: { path: '/device/alarm/record/detail/{alarmId}' } },
  });
  state.mounts++;
}

async function unmount() {
  await platform?.unmount();
  state.unmounts++;
}

const guard = (fn) => () => fn().catch((error) => state.errors.push(String(error)));
document.getElementById('mount').addEventListener('click', guard(mount));
document.getElementById('unmount').addEventListener('click', guard(unmount));
// the base's own listeners are in place: count from here
state.listeners = 0;
void guard(mount)();
