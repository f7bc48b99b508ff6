import type { Meta, StoryObj } from '@storybook/react-vite';
import QRCode from 'qrcode';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ScannerOverlay } from './ScannerOverlay';

const meta = {
  title: 'UI/Forms/ScannerOverlay',
  component: ScannerOverlay,
  tags: ['autodocs'],
  args: { opened: true, onClose: fn(), onScan: fn(), title: 'Scan Patient identifier' },
} satisfies Meta<typeof ScannerOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Spec 02 §2: "scan from an image file" decodes a photo of the code (a real QR code drawn here)
 * and hands the text over; the camera's state (running, or why not) is announced.
 */
export const ScanFromImageFile: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Scan Patient identifier' }));
    await expect(
      dialog.getByRole('button', { name: 'Scan from an image file' }),
    ).toBeInTheDocument();
    const dataUrl = await QRCode.toDataURL('NHS-000-0001', { margin: 4, scale: 8 });
    const blob = await (await fetch(dataUrl)).blob();
    const input = document.querySelector<HTMLInputElement>(
      'input[aria-label="Image file to scan"]',
    );
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, new File([blob], 'code.png', { type: 'image/png' }));
    await waitFor(
      () => {
        void expect(args.onScan).toHaveBeenCalledWith('NHS-000-0001');
      },
      { timeout: 10_000 },
    );
  },
};
export const Closed: Story = { args: { opened: false } };
