import { biometry } from '@telegram-apps/sdk';

/**
 * Telegram's BiometricManager (Face ID / fingerprint), for the step-up of sensitive actions
 * (modules/security/README.md on the server): binding saves the secret the server made in the device's
 * biometric-protected storage; a step-up asks for Face ID / fingerprint, which releases it. The server decides:
 * the client saying "authenticated" proves nothing without the secret.
 */

/** This device's biometrics as the Telegram client reports them. */
export type BiometryDevice = {
  /** Telegram's BiometricManager.deviceId: the server lists bound devices by it. */
  deviceId: string;
  /** 'face', 'finger', or another kind the client names. */
  type: string;
};

let mounting: Promise<BiometryDevice | null> | null = null;

/** The device's biometrics, once asked; null where the client offers none (an old client, a browser). */
export function getBiometry(): Promise<BiometryDevice | null> {
  mounting ??= mountBiometry();
  return mounting;
}

async function mountBiometry(): Promise<BiometryDevice | null> {
  try {
    if (!biometry.mount.isAvailable()) return null;
    // A client that never answers must not hold the prompt: without an answer in time there is no biometry.
    await biometry.mount(AbortSignal.timeout(3000));
    const state = biometry.state();
    return state.available && state.deviceId ? { deviceId: state.deviceId, type: state.type } : null;
  } catch {
    mounting = null; // asked again next time
    return null;
  }
}

/**
 * Binds this device: asks the user's permission for biometrics (once), then saves `token` behind them.
 * Answers whether it is saved.
 */
export async function saveBiometricToken(token: string, reason: string): Promise<boolean> {
  try {
    if (!biometry.state().accessGranted) {
      const granted = await biometry.requestAccess({ reason });
      if (!granted) return false;
    }
    return (await biometry.updateToken({ token, reason })) === 'updated';
  } catch {
    return false;
  }
}

/** Asks for Face ID / fingerprint; answers the token it releases, or null (refused, cancelled, none saved). */
export async function releaseBiometricToken(reason: string): Promise<string | null> {
  try {
    const { status, token } = await biometry.authenticate({ reason });
    return status === 'authorized' && token ? token : null;
  } catch {
    return null;
  }
}

/** Removes the saved token from this device (after the server unbound it). */
export async function forgetBiometricToken(): Promise<void> {
  try {
    await biometry.updateToken({ token: '' });
  } catch {
    // Nothing saved, or no biometrics: nothing to forget.
  }
}
