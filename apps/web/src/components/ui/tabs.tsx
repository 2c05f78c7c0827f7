import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  id: string | number;
  label: string;
  panel: ReactNode;
}

interface TabsProps {
  /** Names the tab list for assistive technology. */
  label: string;
  items: readonly TabItem[];
  /**
   * The base of the tabs' and panels' ids. Give one when the tabs are (inside) an island: it
   * hydrates as its own root, where `useId` would not match the server's ids.
   */
  id?: string;
}

/**
 * Tabs after the WAI-ARIA pattern: arrow keys, Home and End move between tabs (focus follows
 * selection), Tab moves into the panel. Only the chosen panel's content is rendered: the others
 * would be hidden markup the page still had to send and hydrate (their content has its own page).
 */
export function Tabs({ label, items, id }: TabsProps) {
  const [selected, setSelected] = useState(0);
  const generatedId = useId();
  const baseId = id ?? generatedId;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const next = (index + items.length) % items.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item, index) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          className="tabs__panel"
          hidden={index !== selected}
        >
          {index === selected ? item.panel : null}
        </div>
      ))}
    </div>
  );
}
