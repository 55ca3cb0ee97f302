import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const SIZE = { width: 20, height: 14, viewBox: '0 0 20 14' } as const;

const stripes = (colours: string[], vertical = false) =>
  colours.map((fill, index) => {
    const share = (vertical ? 20 : 14) / colours.length;
    return vertical ? (
      <rect key={index} x={index * share} width={share} height="14" fill={fill} />
    ) : (
      <rect key={index} y={index * share} width="20" height={share} fill={fill} />
    );
  });

/**
 * Small flag drawings of the registry's project countries: emoji flags do not render on every
 * system (Windows and many Linux browsers show two letters in boxes). Other countries get a
 * badge with their ISO code.
 */
const FLAGS: Record<string, ReactNode> = {
  BR: (
    <>
      <rect width="20" height="14" fill="#009c3b" />
      <path d="M10 2 18 7 10 12 2 7Z" fill="#ffdf00" />
      <circle cx="10" cy="7" r="3" fill="#002776" />
    </>
  ),
  US: (
    <>
      <rect width="20" height="14" fill="#b22234" />
      {[1, 3, 5, 7, 9, 11].map((y) => (
        <rect key={y} y={y + 0.08} width="20" height="1.08" fill="#fff" />
      ))}
      <rect width="9" height="7.5" fill="#3c3b6e" />
    </>
  ),
  IN: (
    <>
      {stripes(['#ff9933', '#ffffff', '#138808'])}
      <circle cx="10" cy="7" r="1.6" fill="none" stroke="#000080" strokeWidth="0.6" />
    </>
  ),
  KE: (
    <>
      {stripes(['#000000', '#bb0000', '#006600'])}
      <rect y="4.3" width="20" height="0.6" fill="#fff" />
      <rect y="9.1" width="20" height="0.6" fill="#fff" />
      <ellipse cx="10" cy="7" rx="1.8" ry="3.4" fill="#bb0000" stroke="#fff" strokeWidth="0.4" />
    </>
  ),
  PE: <>{stripes(['#d91023', '#ffffff', '#d91023'], true)}</>,
  ID: <>{stripes(['#ce1126', '#ffffff'])}</>,
};

export function CountryFlag({ code, label }: { code: string; label: string }) {
  const flag = FLAGS[code.toUpperCase()];
  if (!flag) {
    return (
      <Box
        component="span"
        role="img"
        aria-label={label}
        title={label}
        sx={{ px: 0.5, border: 1, borderColor: 'divider', borderRadius: 0.5, fontSize: 11, fontWeight: 600, lineHeight: '14px' }}
      >
        {code.toUpperCase()}
      </Box>
    );
  }
  return (
    <svg {...SIZE} role="img" aria-label={label} style={{ borderRadius: 2, display: 'block', flexShrink: 0, outline: '1px solid rgba(0,0,0,0.12)' }}>
      <title>{label}</title>
      {flag}
    </svg>
  );
}
