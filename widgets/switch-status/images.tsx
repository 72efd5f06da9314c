import type { ReactElement } from 'react';
import type { SwitchStatusCode } from './codes';

/**
 * The colour of each status. Closed is red and open is green, as on Chinese single-line diagrams
 * (合闸红, 分闸绿); the drawings differ in shape too, so colour is never the only cue.
 */
export const SWITCH_STATUS_COLORS: Record<SwitchStatusCode, string> = {
  0: '#52C41A',
  1: '#F5222D',
  2: '#FA8C16',
  3: '#1677FF',
  4: '#722ED1',
  5: '#13C2C2',
  6: '#2F54EB',
  10: '#8C8C8C',
};

/** The line above and below the switch, with its two contacts (drawn in a 48 × 48 box). */
const terminals = (
  <>
    <path d="M24 4V14M24 34V44" />
    <circle cx="24" cy="14" r="2" />
    <circle cx="24" cy="34" r="2" />
  </>
);
/** The blade of a switch that is open: turned away from the upper contact. */
const openBlade = <path d="M24 34L34 16" strokeWidth={3} />;

/** The drawing of each status, in the status's colour (`currentColor`) on a transparent ground. */
export const SWITCH_STATUS_DRAWINGS: Record<SwitchStatusCode, ReactElement> = {
  // Open (off): the blade stands apart from the upper contact.
  0: (
    <>
      {terminals}
      {openBlade}
    </>
  ),
  // Closed (on): the blade joins both contacts; the body is filled.
  1: (
    <>
      {terminals}
      <rect x="19" y="14" width="10" height="20" rx="2" fill="currentColor" />
    </>
  ),
  // Tripped by a fault: open, with a warning sign.
  2: (
    <>
      {terminals}
      {openBlade}
      <path d="M10 12L17 25H3Z" strokeLinejoin="round" />
      <path d="M10 16.5V20.5M10 22.5V23" strokeWidth={2} />
    </>
  ),
  // Under maintenance: open and locked out (a padlock).
  3: (
    <>
      {terminals}
      {openBlade}
      <rect x="5" y="20" width="12" height="10" rx="1.5" fill="currentColor" />
      <path d="M7.5 20V16.5a3.5 3.5 0 0 1 7 0V20" />
    </>
  ),
  // Earthed: closed onto the earth symbol.
  4: (
    <>
      <path d="M24 4V14M24 34V37" />
      <circle cx="24" cy="14" r="2" />
      <path d="M24 34V16" strokeWidth={3} />
      <path d="M14 37H34M18 41H30M22 45H26" strokeWidth={2.5} />
    </>
  ),
  // Under remote control: a mast sending waves.
  5: (
    <>
      <path d="M24 22V42M17 42H31" />
      <circle cx="24" cy="18" r="3" fill="currentColor" />
      <path d="M17 11a10 10 0 0 0 0 14M31 11a10 10 0 0 1 0 14M12 6a17 17 0 0 0 0 24M36 6a17 17 0 0 1 0 24" />
    </>
  ),
  // Under local control: a control panel with its selector knob.
  6: (
    <>
      <rect x="8" y="8" width="32" height="32" rx="4" />
      <circle cx="24" cy="24" r="8" />
      <path d="M24 24L29.5 18.5" strokeWidth={3} />
      <path d="M14 14h0.01M34 14h0.01M14 34h0.01M34 34h0.01" strokeWidth={3} />
    </>
  ),
  // Unknown or invalid: a dashed frame with a question mark.
  10: (
    <>
      <rect x="6" y="6" width="36" height="36" rx="4" strokeDasharray="4 3" />
      <path d="M18.5 19a5.5 5.5 0 1 1 7.5 5.1c-1.3 0.5-2 1.6-2 2.9V29" />
      <path d="M24 34v0.01" strokeWidth={3.5} />
    </>
  ),
};
