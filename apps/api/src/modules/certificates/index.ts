export { certificatesRoutes } from './certificates.routes';
export { certificateVerifyUrl, issueCertificate, tenantDocumentBranding, type NewCertificate } from './certificates.service';
export { drawBrandedHeader, type CertificateBranding } from './certificates.pdf';
export { retirementMemo } from './certificates.chain';
