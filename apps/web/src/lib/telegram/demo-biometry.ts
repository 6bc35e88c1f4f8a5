/**
 * Demo mode's stand-in for the device's BiometricManager: a device id and the saved token kept in this browser's
 * storage (Telegram keeps them in the device's secure storage), and the browser's confirm dialog, with the
 * reason the app gives, standing in for Face ID / fingerprint. The server still checks the token it made.
 */
export const demoBiometry = {
  deviceKey: 'demo_biometry_device',
  tokenKey: 'demo_biometry_token',
  deviceId(): string {
    let id = localStorage.getItem(this.deviceKey);
    if (!id) {
      id = `demo-${crypto.randomUUID()}`;
      localStorage.setItem(this.deviceKey, id);
    }
    return id;
  },
  info() {
    return {
      available: true as const,
      access_requested: true,
      access_granted: true,
      device_id: this.deviceId(),
      token_saved: Boolean(localStorage.getItem(this.tokenKey)),
      type: 'finger',
    };
  },
  authenticate(reason: string) {
    const token = localStorage.getItem(this.tokenKey);
    return token && window.confirm(reason) ? { status: 'authorized', token } : { status: 'failed' };
  },
  save(token: string) {
    if (token) localStorage.setItem(this.tokenKey, token);
    else localStorage.removeItem(this.tokenKey);
    return { status: token ? 'updated' : 'removed' };
  },
};
