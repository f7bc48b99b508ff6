import type { ReactNode } from 'react';
import { DEMO_VIEWERS, demoViewerHome, type DemoViewer } from './demoViewer';
import './demoFrame.css';

/** The demo's notice (issue 21: "the demo banner says the data are not real"). */
const DEMO_BANNER_TEXT =
  'Demo: every person, message, patient and figure here is made up. None of it is real data.';

/**
 * The demo notice above the product, with the choice of whom the demo shows (issue 35: the
 * product admin's Networks pages). The product's shell is fixed to the viewport (Mantine
 * AppShell), so it runs inside a frame below the notice: a transformed box is the containing
 * block of its fixed children, and demoFrame.css sizes the shell's panes to the frame.
 */
export function DemoFrame({ viewer, children }: { viewer: DemoViewer; children: ReactNode }) {
  return (
    <div className="demo-page">
      <div className="demo-banner" role="note">
        <span>{DEMO_BANNER_TEXT}</span>{' '}
        <label className="demo-viewer">
          View as{' '}
          <select
            value={viewer}
            onChange={(e) => {
              const next = e.currentTarget.value as DemoViewer;
              // A new page load signs in as the new viewer (the demo's data start again).
              window.location.assign(`${demoViewerHome(next)}?as=${next}`);
            }}
          >
            {DEMO_VIEWERS.map((v) => (
              <option key={v.key} value={v.key}>
                {v.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="demo-frame">{children}</div>
    </div>
  );
}
