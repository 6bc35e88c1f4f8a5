import type { ReactNode } from 'react';
import { haptics } from '../../lib/telegram/bridge';
import styles from './tabs.module.css';

type TabsProps<T extends string> = {
  /** Names the tab list for screen readers. */
  label: string;
  /** The prefix of the tabs' and panels' ids (`<idPrefix>-tab-<name>`, `<idPrefix>-panel-<name>`). */
  idPrefix: string;
  tabs: readonly { name: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

/** A segmented tab bar; each panel is a `<TabPanel>` with the same `idPrefix`. */
export function Tabs<T extends string>({ label, idPrefix, tabs, value, onChange }: TabsProps<T>) {
  return (
    <div
      className={styles.tabs}
      role="tablist"
      aria-label={label}
      style={{ gridTemplateColumns: `repeat(${tabs.length}, minmax(0, 1fr))` }}
    >
      {tabs.map((tab) => (
        <button
          key={tab.name}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.name}`}
          aria-selected={value === tab.name}
          aria-controls={`${idPrefix}-panel-${tab.name}`}
          className={`${styles.tab} ${value === tab.name ? styles.active : ''}`}
          onClick={() => {
            if (tab.name === value) return;
            haptics.selection();
            onChange(tab.name);
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({
  idPrefix,
  name,
  hidden = false,
  children,
}: {
  idPrefix: string;
  name: string;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      id={`${idPrefix}-panel-${name}`}
      role="tabpanel"
      aria-labelledby={`${idPrefix}-tab-${name}`}
      hidden={hidden}
      className={styles.panel}
    >
      {children}
    </div>
  );
}
