import { useEffect, useRef, useState } from 'react';
import { TextInput } from './form/controls';

type SearchInputProps = {
  label: string;
  placeholder?: string;
  value: string;
  /** Called when typing pauses (debounced), and at once on Enter. */
  onSearch: (value: string) => void;
  delayMs?: number;
};

/** A search box that tells its screen what to search for once typing pauses. */
export function SearchInput({ label, placeholder, value, onSearch, delayMs = 300 }: SearchInputProps) {
  const [draft, setDraft] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  // The address may change the search (back, a link): follow it.
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => latest.current(draft.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, delayMs]);
  return (
    <TextInput
      type="search"
      enterKeyHint="search"
      aria-label={label}
      placeholder={placeholder}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') latest.current(draft.trim());
      }}
    />
  );
}
