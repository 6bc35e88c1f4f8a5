// @vitest-environment jsdom
import type { ShopCatalogue } from '@app/contracts/shop-catalogue';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopAbout } from './shop-about';

afterEach(cleanup);

const store: ShopCatalogue['store'] = {
  name: 'La Boulangerie',
  tagline: 'Bread baked at dawn',
  description: 'A family bakery since 1952.',
  logo: null,
  banner: null,
  primaryColor: '#AA3300',
  secondaryColor: '#FFFFFF',
  supportEmail: 'help@boulangerie.example',
  phoneNumber: '+33 1 23 45 67 89',
  website: 'https://boulangerie.example',
  address: '1 rue du Pain, Paris',
  workingHours: 'Mon–Sat 7:00–19:00',
};

describe('the shop’s About', () => {
  it('shows the store’s description, contacts, working hours and the policies it wrote', () => {
    render(
      <ShopAbout
        store={store}
        policies={[
          { id: 'privacy', text: 'We keep your address only to ship your order.' },
          { id: 'shipping', text: 'Ships within 2 days.' },
        ]}
      />,
    );
    const about = screen.getByRole('region', { name: 'About' });
    expect(within(about).getByText('A family bakery since 1952.')).toBeTruthy();
    expect(within(about).getByRole('link', { name: 'help@boulangerie.example' }).getAttribute('href')).toBe(
      'mailto:help@boulangerie.example',
    );
    expect(within(about).getByRole('link', { name: '+33 1 23 45 67 89' }).getAttribute('href')).toBe(
      'tel:+33123456789',
    );
    expect(within(about).getByRole('link', { name: 'https://boulangerie.example' })).toBeTruthy();
    expect(within(about).getByText('1 rue du Pain, Paris')).toBeTruthy();
    expect(within(about).getByText('Working hours')).toBeTruthy();
    expect(within(about).getByText('Mon–Sat 7:00–19:00')).toBeTruthy();
    expect(within(about).getByText('Privacy policy')).toBeTruthy();
    expect(within(about).getByText('Ships within 2 days.')).toBeTruthy();
    expect(within(about).queryByText('Terms of service')).toBeNull();
  });

  it('shows nothing when the vendor wrote neither a description, contacts nor policies', () => {
    const blank = { ...store, description: '', supportEmail: '', phoneNumber: '', website: '', address: '' };
    const { container } = render(<ShopAbout store={{ ...blank, workingHours: '' }} policies={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
