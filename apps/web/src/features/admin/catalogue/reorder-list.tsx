import { useState, type ReactNode } from 'react';

/** Moves the item at `from` to `to` (a new array). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * A list staff put in order (issue 17: categories and subcategories, "drag to reorder"): each row
 * can be dragged by its handle (the browser's own drag and drop) and has "Move up" / "Move down"
 * buttons, so the same order can be set with the keyboard alone. Each move calls `onReorder` once
 * with every id in the new order and is announced in a live region.
 */
export function ReorderList<T extends { id: number }>({
  items,
  label,
  onReorder,
  renderItem,
  busy = false,
  className = 'reorder-list',
}: {
  items: readonly T[];
  /** What a row is called in buttons and announcements. */
  label: (item: T) => string;
  onReorder: (ids: number[], announcement: string) => void;
  renderItem: (item: T) => ReactNode;
  busy?: boolean;
  className?: string;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = moved(items, from, to);
    onReorder(
      next.map((item) => item.id),
      `${label(items[from]!)} moved to position ${to + 1} of ${items.length}.`,
    );
  };

  return (
    <ol className={className}>
      {items.map((item, index) => (
        <li
          key={item.id}
          className={[
            'reorder-list__item',
            dragging === index ? 'reorder-list__item--dragging' : '',
            over === index && dragging !== index ? 'reorder-list__item--over' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          onDragOver={(event) => {
            if (dragging === null) return;
            event.preventDefault();
            setOver(index);
          }}
          onDrop={(event) => {
            event.preventDefault();
            if (dragging !== null) move(dragging, index);
            setDragging(null);
            setOver(null);
          }}
        >
          <div className="reorder-list__row">
            <span
              className="reorder-list__handle"
              draggable={!busy}
              aria-hidden="true"
              title="Drag to reorder"
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(item.id));
                setDragging(index);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
            >
              ⠿
            </span>
            <div className="reorder-list__body">{renderItem(item)}</div>
            <span className="reorder-list__moves">
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`Move ${label(item)} up`}
                disabled={busy || index === 0}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`Move ${label(item)} down`}
                disabled={busy || index === items.length - 1}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </button>
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
