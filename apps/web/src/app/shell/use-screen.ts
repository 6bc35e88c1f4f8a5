import { useMatches } from 'react-router';
import { describeScreen, type Screen } from '../screens';

/** The current screen as the route table describes it: a tab, a screen below one, or a bare screen. */
export function useScreen(): Screen {
  return describeScreen(useMatches());
}
