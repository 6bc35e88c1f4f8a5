// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { useUnsavedChangesGuard } from './use-unsaved-changes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function EditScreen() {
  const [dirty, setDirty] = useState(false);
  const navigate = useNavigate();
  const { allowLeave } = useUnsavedChangesGuard(dirty);
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        Change
      </button>
      <button type="button" onClick={() => navigate('/bots')}>
        Leave
      </button>
      <button
        type="button"
        onClick={() => {
          allowLeave();
          void navigate('/bots/1');
        }}
      >
        Saved
      </button>
    </>
  );
}

// Outside Telegram the popup falls back to the browser's confirm dialog, which these tests answer.
function answerPopup(discard: boolean) {
  return vi.spyOn(window, 'confirm').mockReturnValue(discard);
}

describe('useUnsavedChangesGuard', () => {
  it('leaves a clean form without asking', async () => {
    const confirm = answerPopup(false);
    renderApp(<EditScreen />, { path: '/edit' });
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before leaving a dirty form and stays when the user keeps editing', async () => {
    const confirm = answerPopup(false);
    renderApp(<EditScreen />, { path: '/edit' });
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. If you leave now, they will be lost.');
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('leaves a dirty form when the user discards, the browser’s back included', async () => {
    answerPopup(true);
    const { router } = renderApp(<EditScreen />, { path: '/edit' });
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await act(() => router.navigate(-1));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/');
  });

  it('lets a saved form leave without asking', async () => {
    const confirm = answerPopup(false);
    renderApp(<EditScreen />, { path: '/edit' });
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/bots/1');
    expect(confirm).not.toHaveBeenCalled();
  });
});
