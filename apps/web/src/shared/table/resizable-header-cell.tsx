import type { KeyboardEvent, RefObject, ThHTMLAttributes } from 'react';
import { Resizable } from 'react-resizable';
import { MAX_WIDTH, MIN_WIDTH } from './column-settings';

/** The props ListTable adds to a resizable column's header cell (through `onHeaderCell`). */
export interface ResizeCellProps {
  width?: number;
  /** While dragging: the new width, not saved yet. */
  onResizeWidth?: (width: number) => void;
  /** Drag end or arrow key: the width to keep (and save). */
  onResizeEnd?: (width: number) => void;
  resizeLabel?: string;
}

const KEY_STEP = 10;

const handleStyle = {
  position: 'absolute',
  top: 0,
  bottom: 0,
  // Inside the cell: ellipsis header cells hide what overflows them.
  right: 0,
  width: 8,
  cursor: 'col-resize',
  zIndex: 1,
} as const;

/**
 * A table header cell with a react-resizable handle on its right edge. The handle is a focusable
 * separator (ARIA window-splitter pattern): ArrowLeft / ArrowRight change the width by 10 px.
 */
export function ResizableHeaderCell({
  width,
  onResizeWidth,
  onResizeEnd,
  resizeLabel,
  ...th
}: ThHTMLAttributes<HTMLTableCellElement> & ResizeCellProps) {
  if (width === undefined || !onResizeWidth || !onResizeEnd) return <th {...th} />;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    e.stopPropagation();
    onResizeEnd(width + (e.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP));
  };
  return (
    <Resizable
      width={width}
      height={0}
      axis="x"
      resizeHandles={['e']}
      minConstraints={[MIN_WIDTH, 0]}
      maxConstraints={[MAX_WIDTH, 0]}
      draggableOpts={{ enableUserSelectHack: false }}
      onResize={(_, { size }) => onResizeWidth(size.width)}
      onResizeStop={(_, { size }) => onResizeEnd(size.width)}
      handle={(_, ref) => (
        <span
          ref={ref as RefObject<HTMLSpanElement>}
          role="separator"
          aria-orientation="vertical"
          aria-label={resizeLabel}
          aria-valuenow={width}
          aria-valuemin={MIN_WIDTH}
          aria-valuemax={MAX_WIDTH}
          tabIndex={0}
          className="list-table-resize-handle"
          style={handleStyle}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={onKeyDown}
        />
      )}
    >
      <th {...th} />
    </Resizable>
  );
}
