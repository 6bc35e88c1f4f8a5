import '../styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '../app/providers';
import { ConnectGate } from '../components/telegram/connect-gate';
import { setLocale } from '../i18n/i18n';
import { connectTelegram } from '../lib/telegram/connect';
import { acceptLaunchDataInAddress } from '../lib/telegram/launch';
import { getTelegramState } from '../lib/telegram/state';
import { ShopPage } from './shop-page';

// The shop's Mini App: what a customer opens from a shop bot's menu button. No back-office, no session: every
// call is signed by the init data Telegram gave this launch, for this bot.
acceptLaunchDataInAddress();
void connectTelegram().then(() => {
  // Telegram's language until the shop answers with its own.
  void setLocale(getTelegramState().user?.languageCode);
});

const container = document.getElementById('root');
if (!container) throw new Error('shop.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <ConnectGate>
        <ShopPage
          botId={window.location.pathname.split('/')[2] ?? ''}
          // A shared product address (/shop/{botId}/p/{slug}): the server names the product in the page.
          initialProductId={
            document.querySelector<HTMLMetaElement>('meta[name="shop-product"]')?.content || null
          }
        />
      </ConnectGate>
    </Providers>
  </StrictMode>,
);
