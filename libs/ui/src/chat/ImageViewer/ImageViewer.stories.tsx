import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { ECG_DATA_URL } from '../../testing/imageFixtures';
import { ImageViewer } from './ImageViewer';

const meta = {
  title: 'UI/Chat/ImageViewer',
  component: ImageViewer,
  tags: ['autodocs'],
  args: {
    opened: true,
    onClose: fn(),
    title: 'ECG bed 9 0610.jpg',
    image: { status: 'loaded', src: ECG_DATA_URL },
  },
} satisfies Meta<typeof ImageViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
/** A loaded image offers the file-action modal (download or email). */
export const WithFileAction: Story = {
  args: { onFileAction: fn() },
  play: async ({ args }) => {
    const button = await screen.findByRole('button', {
      name: 'Download or email ECG bed 9 0610.jpg',
    });
    await userEvent.click(button);
    await expect(args.onFileAction).toHaveBeenCalledOnce();
  },
};
export const Loading: Story = {
  args: { image: { status: 'loading' } },
  play: async () => {
    await waitFor(() => expect(screen.getByText('Loading image...')).toBeVisible());
  },
};
export const FetchFailed: Story = {
  args: { image: { status: 'failed' } },
  play: async () => {
    await waitFor(() => expect(screen.getByText('Image fetch failed')).toBeVisible());
  },
};
/** The bytes arrived but do not decode. */
export const DecodeFailed: Story = {
  args: { image: { status: 'loaded', src: 'data:image/jpeg;base64,AAAA' } },
  play: async () => {
    await waitFor(() => expect(screen.getByText('Error loading image')).toBeVisible());
  },
};
/** The server holds no bytes for the image (an upload that never finished). */
export const Missing: Story = {
  args: { image: { status: 'missing' } },
  play: async () => {
    await waitFor(() => expect(screen.getByText('No image recorded')).toBeVisible());
  },
};
