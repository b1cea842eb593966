import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * The permission tree's own scrolling box: the catalogue has hundreds of rows, and the fields above
 * and the save button below stay in view. The tree scrolls its focused row into this box.
 */
export function TreeBox({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        maxHeight: 'max(320px, calc(100vh - 400px))',
        overflow: 'auto',
        padding: 4,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      {children}
    </div>
  );
}
