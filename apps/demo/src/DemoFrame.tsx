import type { ReactNode } from 'react';
import './demoFrame.css';

/** The demo's notice (issue 21: "the demo banner says the data are not real"). */
const DEMO_BANNER_TEXT =
  'Demo: every person, message, patient and figure here is made up. None of it is real data.';

/**
 * The demo notice above the product. The product's shell is fixed to the viewport (Mantine
 * AppShell), so it runs inside a frame below the notice: a transformed box is the containing
 * block of its fixed children, and demoFrame.css sizes the shell's panes to the frame.
 */
export function DemoFrame({ children }: { children: ReactNode }) {
  return (
    <div className="demo-page">
      <p className="demo-banner" role="note">
        {DEMO_BANNER_TEXT}
      </p>
      <div className="demo-frame">{children}</div>
    </div>
  );
}
