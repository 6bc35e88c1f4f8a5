import { enBackOfficeCore } from '../i18n/en/core';
import { addEnglish, loadScreenTexts } from '../i18n/i18n';

// Tests render screens directly, not through the entry and the router that load their texts with them.
addEnglish(enBackOfficeCore);
await loadScreenTexts();
