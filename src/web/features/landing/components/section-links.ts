/**
 * The in-page sections the header and footer link to. How It Works and Pricing are the spec's
 * anchors; the spec does not show where Features goes, so it goes to our features section.
 */
export const SECTION_LINKS = [
  { label: 'Features', href: '#features' },
  { label: 'How It Works', href: '#how-it-works' },
  { label: 'Pricing', href: '#pricing' },
] as const;
