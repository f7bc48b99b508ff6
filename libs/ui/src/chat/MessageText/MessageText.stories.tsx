import { Box } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { XSS_IMG, XSS_LINK } from '../../testing/fixtures';
import { MessageText } from './MessageText';

const meta = {
  title: 'UI/Chat/MessageText',
  component: MessageText,
  tags: ['autodocs'],
  args: { text: 'Bed 3: Mr Patel, NSTEMI day 2, troponin trending down, for angio today.' },
  // About the width of a message bubble on a laptop.
  decorators: [
    (Story) => (
      <Box p="md" maw={420} data-testid="bubble-width">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof MessageText>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {};

/** http, https and mailto become links that open in a new tab without access to this one. */
export const Links: Story = {
  args: {
    text: 'AF guideline: https://www.nice.org.uk/guidance/ng196. Questions to mailto:cardio.advice@stelsewhere.nhs.uk',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const guideline = canvas.getByRole('link', { name: 'https://www.nice.org.uk/guidance/ng196' });
    // The full stop after the URL is text, not part of the link.
    await expect(guideline).toHaveAttribute('href', 'https://www.nice.org.uk/guidance/ng196');
    await expect(guideline).toHaveAttribute('target', '_blank');
    await expect(guideline).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await expect(
      canvas.getByRole('link', { name: 'mailto:cardio.advice@stelsewhere.nhs.uk' }),
    ).toBeVisible();
  },
};

/** Line breaks and indentation as typed: handovers are often lists. */
export const LineBreaks: Story = {
  args: {
    text: 'Night handover, Ward 7:\n  - Bed 3: for angio\n  - Bed 9: new AF, rate controlled\n\nNo other concerns.',
  },
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText(/Night handover/);
    await expect(text.textContent).toContain('\n  - Bed 3');
    await expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');
  },
};

/** A long URL and a long word wrap inside the bubble instead of widening it. */
export const LongUnbrokenText: Story = {
  args: {
    text: `Results: https://results.stelsewhere.nhs.uk/lab/report/2026/03/14/${'a1b2c3d4'.repeat(16)} and ${'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3)}`,
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByTestId('bubble-width');
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  },
};

/** Arabic runs right to left, with the English drug name kept in place. */
export const RightToLeft: Story = {
  args: { text: 'تم إعطاء bisoprolol 2.5 mg الساعة الثامنة.' },
  play: async ({ canvasElement }) => {
    const text = within(canvasElement)
      .getByText(/bisoprolol/)
      .closest('p');
    await expect(text).toHaveAttribute('dir', 'auto');
    await expect(text && getComputedStyle(text).direction).toBe('rtl');
  },
};

/** XSS: markup and javascript: links arrive as the characters typed, and nothing is linked. */
export const HostileText: Story = {
  args: {
    text: `${XSS_IMG} ${XSS_LINK} <a href="javascript:alert(1)">click</a> <script>alert(2)</script>`,
  },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText(args.text)).toBeVisible();
    await expect(canvasElement.querySelector('img, script, a')).toBeNull();
  },
};

/** An empty body renders nothing visible and does not break the layout. */
export const Empty: Story = {
  args: { text: '' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('p')?.textContent).toBe('');
  },
};
