// The fixed heights the protocol gives components (XpediteLayout's LayoutMetrics,
// docs/protocol/layout.md#default-sizes). They are protocol values, not settings.

/** The layout metrics every renderer uses. */
export const LayoutMetrics = Object.freeze({
  /** A button, and a text box, password, date, select or checkbox row. */
  rowHeight: 44,
  /** The title above a field inside a form, and above a radio group. */
  fieldTitleHeight: 22,
  /** A radio option row. */
  optionHeight: 44,
  /** A section header row (a `section` without `components`). */
  sectionHeaderHeight: 32,
  /** The caption row of an old section box with a `title`. */
  boxTitleHeight: 32,
  /** How far an old section box's content sits inside its edges (the border included). */
  boxInset: 8,
  /** The width of the border an old section box is drawn with. */
  boxBorderWidth: 1,
  /** The title row of an inline form. */
  formTitleRowHeight: 44,
  /** The footer of an inline form with Cancel and Save. */
  formFooterHeight: 52,
  /** A text view without `initialHeight`. */
  textViewHeight: 100,
  /** The least height of a web view or table that fills to the bottom. */
  minimumFillHeight: 100,
  /** A slide-in navigation panel's width as a fraction of the screen width… */
  panelWidthFraction: 0.8,
  /** …and at most this many points. */
  maximumPanelWidth: 320,
  /** A navigation-bar button's width and height. */
  barButtonSize: 44,
});
