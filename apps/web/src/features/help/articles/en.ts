import type { HelpArticles } from './types';

/** The help center in English: what the product does today (docs/product.md), in the words of its screens. */
export const en: HelpArticles = {
  'getting-started': {
    title: 'Getting started',
    summary: 'The first steps of a company on Carbonledger: sign in, connect a wallet, complete KYC and find your carbon credits.',
    sections: [
      {
        id: 'what',
        heading: 'What Carbonledger does',
        paragraphs: [
          'Carbonledger turns verified carbon credits (VCUs) into tokens on the Solana blockchain, one token per project and vintage, so your company can hold, move and retire them with a public, verifiable record.',
          'Every company works in its own space: you see only your company’s wallets, credits, retirements and certificates.',
        ],
      },
      {
        id: 'first-steps',
        heading: 'First steps',
        paragraphs: ['Your administrator invites you by e-mail. After you accept the invitation and choose a password:'],
        steps: [
          'Sign in and open the Dashboard: it lists the actions waiting for you.',
          'Complete the company’s KYC/AML onboarding on the KYC screen (an administrator does this once for the company).',
          'Register a company wallet on Wallets and wait for its approval.',
          'Look at your holdings on Portfolio and at the projects on Carbon Projects.',
          'Retire credits on Retirements; each retirement issues a certificate anyone can verify.',
        ],
      },
      {
        id: 'preferences',
        heading: 'Language, theme and security',
        paragraphs: [
          'Choose English, Portuguese or Spanish and a light or dark theme from the top bar. On Settings → Security you can turn on two-factor authentication and link a wallet for wallet sign-in.',
        ],
      },
    ],
  },
  'roles-and-permissions': {
    title: 'Roles and permissions',
    summary: 'What each role may do, and who decides it.',
    sections: [
      {
        id: 'roles',
        heading: 'The roles',
        paragraphs: [
          'Administrator: full access.',
          'Operator: manages transactions.',
          'Auditor: views reports.',
          'Viewer: read-only.',
          'Permissions are defined by the company administrator.',
        ],
      },
      {
        id: 'custom-roles',
        heading: 'Custom roles',
        paragraphs: [
          'An administrator can create the company’s own roles on Team → Roles & Permissions: a name, a base role and the exact permissions it grants. A change applies at once, even to people already signed in.',
          'If a screen shows Access Denied, your role does not include it: ask your company administrator.',
        ],
      },
      {
        id: 'scope',
        heading: 'Your company only',
        paragraphs: [
          'Everyone except the platform administrators works on their own company only: wallets, credits, mints, retirements, certificates, transactions and logs of other companies are never shown.',
        ],
      },
    ],
  },
  'wallet-approval': {
    title: 'Company wallets and approval times',
    summary: 'Register a wallet, and how long its approval takes before it can hold, move or retire credits.',
    sections: [
      {
        id: 'register',
        heading: 'Registering a wallet',
        paragraphs: [
          'On Wallets, register an external wallet (your browser wallet signs a one-time ownership message; nothing is sent to the chain) or create a platform-managed wallet that the platform signs for.',
        ],
      },
      {
        id: 'approval-time',
        heading: 'How long approval takes',
        paragraphs: [
          'An administrator must approve a wallet before any token operation. Approval takes up to 24 business hours (1–2 business days).',
          'While it is pending the wallet shows Pending; once approved its token accounts are unfrozen on chain and it shows Active.',
        ],
      },
      {
        id: 'statuses',
        heading: 'Other statuses',
        paragraphs: [
          'Only approved and active wallets may hold, move or retire tokens. A suspended wallet is stopped for a while (the reason is shown) and can be reactivated; a revoked one is stopped for good. A rejected address cannot be registered again: contact an administrator.',
        ],
      },
    ],
  },
  minting: {
    title: 'Minting carbon credits',
    summary: 'Turn a project’s imported VCUs into tokens with the four-step wizard or a batch.',
    sections: [
      {
        id: 'before',
        heading: 'Before you mint',
        paragraphs: [
          'Import the VCUs of a project on Carbon Projects, and have an approved company wallet to receive the tokens. Minting needs the mint permission.',
        ],
      },
      {
        id: 'wizard',
        heading: 'The mint wizard',
        paragraphs: ['Minting → Advanced opens the wizard:'],
        steps: [
          'Select the project, vintage and quantity.',
          'Configure the token: name, symbol, description and logo.',
          'Preview: the checks (project, available quantity, wallet approved, balance) and the fees, read from the chain.',
          'Execute: the tokens are minted to the wallet. Above the approval limit the mint waits for an administrator’s approval.',
        ],
      },
      {
        id: 'batch',
        heading: 'Batch minting and jobs',
        paragraphs: [
          'Batch VCU minting mints many blocks at once as a background job; the minting-jobs table on Minting shows each job’s progress, retries and failures.',
        ],
      },
    ],
  },
  'retiring-and-certificates': {
    title: 'Retiring credits and certificates',
    summary: 'Retire (burn) credits for a beneficiary and get a certificate with its PDF and QR code.',
    sections: [
      {
        id: 'retire',
        heading: 'Retiring credits',
        paragraphs: [
          'On Retirements choose the token, the amount in whole tCO2e, the reason, the location and the beneficiary, then Retire now or Schedule a time. An external wallet signs the burn in your browser; a platform-managed wallet is signed by the platform.',
          'Retiring needs the company’s KYC approved and an approved wallet holding the token.',
        ],
      },
      {
        id: 'certificate',
        heading: 'The certificate',
        paragraphs: [
          'A completed retirement issues a certificate: number, amount, date, beneficiary, reason, project, methodology, vintage and the transaction on chain. On Certificates you can view it, download its PDF and show its QR code.',
        ],
      },
      {
        id: 'statuses',
        heading: 'Retirement statuses',
        paragraphs: [
          'Pending waits for the holder’s signature, Processing is on its way to the chain, Retired is done, Failed did not land. A pending or scheduled retirement can be cancelled.',
        ],
      },
    ],
  },
  verification: {
    title: 'Verifying a certificate',
    summary: 'Anyone can check a retirement certificate, without an account.',
    sections: [
      {
        id: 'anyone',
        heading: 'Open to everyone',
        paragraphs: [
          'Each certificate’s QR code and verification link open /verify/<number>, a public page that needs no sign-in. It shows whether the certificate is genuine and the retirement it records.',
        ],
      },
      {
        id: 'chain',
        heading: 'Checked on the chain',
        paragraphs: [
          'The page compares the certificate with the burn on the Solana blockchain and links to the block explorer, so a buyer or auditor does not have to trust Carbonledger’s word.',
        ],
      },
    ],
  },
  kyc: {
    title: 'KYC/AML verification',
    summary: 'Why your company is verified, how to submit the case and what each status means.',
    sections: [
      {
        id: 'why',
        heading: 'Why KYC',
        paragraphs: ['Retiring credits needs the company’s KYC/AML approved. Signing in is refused only when it was rejected.'],
      },
      {
        id: 'submit',
        heading: 'Submitting the case',
        paragraphs: ['On KYC:'],
        steps: [
          'Fill in the company’s (or individual’s) details; the case is saved step by step.',
          'Upload the documents asked for (PDF, JPEG or PNG, up to 10 MB each). They are stored encrypted.',
          'Submit. Compliance officers review it, and may ask for more information.',
        ],
      },
      {
        id: 'statuses',
        heading: 'Statuses',
        paragraphs: ['Not started, Pending, In review, Approved or Rejected. You are notified when a decision is taken.'],
      },
    ],
  },
  'api-and-webhooks': {
    title: 'API, API keys and webhooks',
    summary: 'What an integration can use today, and what is not available yet.',
    sections: [
      {
        id: 'today',
        heading: 'Available today',
        paragraphs: [
          'The REST API under /api/v1 is described by its OpenAPI document; administrators open the reference from API Documentation. A program signs in as a user and sends its Bearer token, with the x-csrf-token header on changes and an Idempotency-Key on money-like operations.',
          'The chain can be read through the JSON-RPC endpoint /rpc, and screens update live over the realtime connection.',
        ],
      },
      {
        id: 'not-yet',
        heading: 'Not available yet',
        paragraphs: [
          'API keys (API Management) and webhooks are not available yet: their screens say so. Until then an integration uses a dedicated user account with the narrowest role that does the job.',
        ],
      },
    ],
  },
  'phantom-custom-token': {
    title: 'See your carbon tokens in Phantom',
    summary: 'Show your company’s Token-2022 carbon tokens in Phantom or another Wallet Standard wallet, by mint address.',
    sections: [
      {
        id: 'mints',
        heading: 'Your tokens’ mint addresses',
        paragraphs: [
          'Each project and vintage is its own Token-2022 token, identified by its mint address. The addresses of the tokens your company holds are listed on this page, ready to copy.',
        ],
      },
      {
        id: 'network',
        heading: 'Choose the right network',
        paragraphs: [
          'The wallet must look at the same network as Carbonledger. On devnet, in Phantom: Settings → Developer Settings → turn on Testnet Mode and choose Solana Devnet.',
          'When Carbonledger runs its own local chain, the network is this server’s RPC address, shown below. Phantom cannot be pointed at a custom RPC address: use a wallet that can (for example Solflare or Backpack, in their network settings), or the Solana Explorer link with the same address.',
        ],
      },
      {
        id: 'add-token',
        heading: 'Add the token',
        paragraphs: ['Wallets list the tokens an address holds by themselves; a token they do not know may be hidden.'],
        steps: [
          'Open the wallet holding the credits (your approved company wallet).',
          'Open the token list management (in Phantom: Manage token list).',
          'Search for the mint address copied from this page and switch the token on.',
          'The token shows with its name, symbol and logo from its on-chain metadata; the amount is in tCO2e.',
        ],
      },
      {
        id: 'frozen',
        heading: 'Frozen until approved',
        paragraphs: [
          'Carbon tokens are created frozen: a wallet’s token account is unfrozen only once an administrator approves the wallet. A frozen balance is visible but cannot be sent, and a suspended or revoked wallet is frozen again. Credits are retired on Carbonledger, never by sending them to another address.',
        ],
      },
    ],
  },
  support: {
    title: 'Support',
    summary: 'Support is available 24/7.',
    sections: [
      {
        id: 'contact',
        heading: 'Getting help',
        paragraphs: [
          'Support is available 24/7. Your company administrator is the first contact for access, roles and wallet approvals.',
          'When you write, say what you were doing, the screen and the time, and the exact message shown. Never send your password, two-factor codes, recovery codes or a wallet’s secret key: nobody at Carbonledger will ask for them.',
        ],
      },
      {
        id: 'locked',
        heading: 'Locked out',
        paragraphs: [
          'Forgot your password? Use “Forgot password?” on the sign-in page. If the sign-in page says the account is locked, contact support or your administrator.',
        ],
      },
    ],
  },
};
