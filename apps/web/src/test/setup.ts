import { loadScreenTexts } from '../i18n/i18n';

// Tests render screens directly, not through the router that loads their texts with them.
await loadScreenTexts();
