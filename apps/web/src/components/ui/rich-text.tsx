import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue text with elements in it: `{name}` placeholders are replaced by `values[name]`, so a translation
 * can move them. `<RichText text={t('bots.wizard.howTo1')} values={{ botFather: <strong>@BotFather</strong> }} />`
 */
export function RichText({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  // split with a capture group: even indexes are text, odd indexes placeholder names.
  const parts = text.split(/\{(\w+)\}/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
        <Fragment key={index}>{index % 2 === 1 ? (values[part] ?? `{${part}}`) : part}</Fragment>
      ))}
    </>
  );
}
