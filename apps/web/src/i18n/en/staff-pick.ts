/** staffPick: “Pick from Telegram” on Add New Staff (Telegram's user picker in the platform bot chat). */
export const staffPick = {
  'staffPick.button': 'Pick from Telegram',
  'staffPick.hint':
    'Choose the person in Telegram instead of typing their ID: set the role, permissions and bots below first.',
  'staffPick.sentTitle': 'Choose in Telegram',
  'staffPick.sent':
    'The bot sent you a “Choose a person” button in its chat. Tap it and pick who to add; the bot answers with their invite link.',
  'staffPick.notStartedTitle': 'Start the bot first',
  'staffPick.notStarted': 'Open the chat with the bot, press Start, then tap “Pick from Telegram” again.',
};
