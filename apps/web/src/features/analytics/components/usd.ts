import { useI18n } from '../../../i18n/i18n';

/** Spec part 1 §2: dashboards show USD in whole dollars. Figures arrive in USD cents. */
export function useWholeUsd() {
  const { formatNumber } = useI18n();
  return (minor: number) =>
    formatNumber(minor / 100, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
}
