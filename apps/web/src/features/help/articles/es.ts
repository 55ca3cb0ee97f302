import type { HelpArticles } from './types';

/** El centro de ayuda en español (las mismas secciones e ids que en.ts). */
export const es: HelpArticles = {
  'getting-started': {
    title: 'Primeros pasos',
    summary: 'Los primeros pasos de una empresa en Carbonledger: iniciar sesión, conectar una billetera, completar el KYC y encontrar sus créditos de carbono.',
    sections: [
      {
        id: 'what',
        heading: 'Qué hace Carbonledger',
        paragraphs: [
          'Carbonledger convierte créditos de carbono verificados (VCUs) en tokens en la blockchain Solana, un token por proyecto y añada, para que su empresa pueda mantenerlos, moverlos y retirarlos con un registro público y verificable.',
          'Cada empresa trabaja en su propio espacio: usted solo ve las billeteras, créditos, retiros y certificados de su empresa.',
        ],
      },
      {
        id: 'first-steps',
        heading: 'Primeros pasos',
        paragraphs: ['Su administrador le invita por correo electrónico. Después de aceptar la invitación y elegir una contraseña:'],
        steps: [
          'Inicie sesión y abra el Panel: muestra las acciones que le esperan.',
          'Complete el registro KYC/AML de la empresa en la pantalla KYC (un administrador lo hace una vez por la empresa).',
          'Registre una billetera de la empresa en Billeteras y espere su aprobación.',
          'Consulte sus tenencias en Portafolio y los proyectos en Proyectos de Carbono.',
          'Retire créditos en Retiros; cada retiro emite un certificado que cualquiera puede verificar.',
        ],
      },
      {
        id: 'preferences',
        heading: 'Idioma, tema y seguridad',
        paragraphs: [
          'Elija inglés, portugués o español y un tema claro u oscuro en la barra superior. En Configuración → Seguridad puede activar la autenticación de dos factores y vincular una billetera para iniciar sesión con ella.',
        ],
      },
    ],
  },
  'roles-and-permissions': {
    title: 'Roles y permisos',
    summary: 'Qué puede hacer cada rol, y quién lo decide.',
    sections: [
      {
        id: 'roles',
        heading: 'Los roles',
        paragraphs: [
          'Administrador: acceso total.',
          'Operador: gestiona transacciones.',
          'Auditor: ve informes.',
          'Visualizador: solo lectura.',
          'Los permisos los define el administrador de la empresa.',
        ],
      },
      {
        id: 'custom-roles',
        heading: 'Roles personalizados',
        paragraphs: [
          'Un administrador puede crear los roles propios de la empresa en Equipo → Roles y Permisos: un nombre, un rol base y los permisos exactos que concede. El cambio se aplica al instante, incluso a quienes ya tienen la sesión abierta.',
          'Si una pantalla muestra Acceso Denegado, su rol no la incluye: consulte al administrador de su empresa.',
        ],
      },
      {
        id: 'scope',
        heading: 'Solo su empresa',
        paragraphs: [
          'Todos, salvo los administradores de la plataforma, trabajan solo en su propia empresa: nunca se muestran billeteras, créditos, emisiones, retiros, certificados, transacciones ni registros de otras empresas.',
        ],
      },
    ],
  },
  'wallet-approval': {
    title: 'Billeteras de la empresa y plazos de aprobación',
    summary: 'Registre una billetera, y cuánto tarda su aprobación antes de que pueda mantener, mover o retirar créditos.',
    sections: [
      {
        id: 'register',
        heading: 'Registrar una billetera',
        paragraphs: [
          'En Billeteras, registre una billetera externa (su billetera del navegador firma un mensaje único de titularidad; no se envía nada a la blockchain) o cree una billetera gestionada por la plataforma, que la plataforma firma.',
        ],
      },
      {
        id: 'approval-time',
        heading: 'Cuánto tarda la aprobación',
        paragraphs: [
          'Un administrador debe aprobar la billetera antes de cualquier operación con tokens. La aprobación tarda hasta 24 horas hábiles (1–2 días hábiles).',
          'Mientras espera, la billetera aparece como Pendiente; una vez aprobada, sus cuentas de token se descongelan en la blockchain y aparece como Activa.',
        ],
      },
      {
        id: 'statuses',
        heading: 'Otros estados',
        paragraphs: [
          'Solo las billeteras aprobadas y activas pueden mantener, mover o retirar tokens. Una billetera suspendida queda detenida un tiempo (se muestra el motivo) y puede reactivarse; una revocada queda detenida para siempre. Una dirección rechazada no puede registrarse de nuevo: consulte a un administrador.',
        ],
      },
    ],
  },
  minting: {
    title: 'Emisión de créditos de carbono',
    summary: 'Convierta las VCUs importadas de un proyecto en tokens con el asistente de cuatro pasos o por lotes.',
    sections: [
      {
        id: 'before',
        heading: 'Antes de emitir',
        paragraphs: [
          'Importe las VCUs de un proyecto en Proyectos de Carbono y tenga una billetera de la empresa aprobada para recibir los tokens. La emisión requiere el permiso de emitir tokens.',
        ],
      },
      {
        id: 'wizard',
        heading: 'El asistente de emisión',
        paragraphs: ['Emisión → Avanzado abre el asistente:'],
        steps: [
          'Seleccione el proyecto, la añada y la cantidad.',
          'Configure el token: nombre, símbolo, descripción y logotipo.',
          'Vista previa: las comprobaciones (proyecto, cantidad disponible, billetera aprobada, saldo) y las comisiones, leídas de la blockchain.',
          'Ejecutar: los tokens se emiten a la billetera. Por encima del límite de aprobación, la emisión espera la aprobación de un administrador.',
        ],
      },
      {
        id: 'batch',
        heading: 'Emisión por lotes y trabajos',
        paragraphs: [
          'La emisión de VCUs por lotes emite muchos bloques a la vez como un trabajo en segundo plano; la tabla de trabajos de emisión en Emisión muestra el avance, los reintentos y los fallos de cada trabajo.',
        ],
      },
    ],
  },
  'retiring-and-certificates': {
    title: 'Retirar créditos y certificados',
    summary: 'Retire (queme) créditos para un beneficiario y obtenga un certificado con su PDF y código QR.',
    sections: [
      {
        id: 'retire',
        heading: 'Retirar créditos',
        paragraphs: [
          'En Retiros elija el token, la cantidad en tCO2e enteras, el motivo, la ubicación y el beneficiario, y luego Retirar ahora o Programar una hora. Una billetera externa firma la quema en su navegador; una billetera gestionada la firma la plataforma.',
          'Retirar requiere el KYC de la empresa aprobado y una billetera aprobada que tenga el token.',
        ],
      },
      {
        id: 'certificate',
        heading: 'El certificado',
        paragraphs: [
          'Un retiro completado emite un certificado: número, cantidad, fecha, beneficiario, motivo, proyecto, metodología, añada y la transacción en la blockchain. En Certificados puede verlo, descargar su PDF y mostrar su código QR.',
        ],
      },
      {
        id: 'statuses',
        heading: 'Estados del retiro',
        paragraphs: [
          'Pendiente espera la firma del titular, Procesando va camino de la blockchain, Retirado está terminado, Fallido no llegó a la blockchain. Un retiro pendiente o programado se puede cancelar.',
        ],
      },
    ],
  },
  verification: {
    title: 'Verificar un certificado',
    summary: 'Cualquiera puede comprobar un certificado de retiro, sin cuenta.',
    sections: [
      {
        id: 'anyone',
        heading: 'Abierto a todos',
        paragraphs: [
          'El código QR y el enlace de verificación de cada certificado abren /verify/<número>, una página pública que no requiere iniciar sesión. Muestra si el certificado es auténtico y el retiro que registra.',
        ],
      },
      {
        id: 'chain',
        heading: 'Comprobado en la blockchain',
        paragraphs: [
          'La página compara el certificado con la quema en la blockchain Solana y enlaza al explorador de bloques, para que un comprador o auditor no tenga que fiarse solo de la palabra de Carbonledger.',
        ],
      },
    ],
  },
  kyc: {
    title: 'Verificación KYC/AML',
    summary: 'Por qué se verifica su empresa, cómo enviar el expediente y qué significa cada estado.',
    sections: [
      {
        id: 'why',
        heading: 'Por qué KYC',
        paragraphs: ['Retirar créditos requiere el KYC/AML de la empresa aprobado. El inicio de sesión solo se rechaza cuando fue rechazado.'],
      },
      {
        id: 'submit',
        heading: 'Enviar el expediente',
        paragraphs: ['En KYC:'],
        steps: [
          'Complete los datos de la empresa (o de la persona); el expediente se guarda paso a paso.',
          'Suba los documentos solicitados (PDF, JPEG o PNG, hasta 10 MB cada uno). Se guardan cifrados.',
          'Envíelo. Los responsables de cumplimiento lo revisan y pueden pedir más información.',
        ],
      },
      {
        id: 'statuses',
        heading: 'Estados',
        paragraphs: ['No iniciado, Pendiente, En revisión, Aprobado o Rechazado. Se le avisa cuando se toma una decisión.'],
      },
    ],
  },
  'api-and-webhooks': {
    title: 'API, claves de API y webhooks',
    summary: 'Qué puede usar hoy una integración, y qué aún no está disponible.',
    sections: [
      {
        id: 'today',
        heading: 'Disponible hoy',
        paragraphs: [
          'La API REST en /api/v1 se describe en su documento OpenAPI; los administradores abren la referencia desde Documentación de la API. Un programa inicia sesión como un usuario y envía su token Bearer, con la cabecera x-csrf-token en los cambios y una Idempotency-Key en las operaciones que mueven valor.',
          'La blockchain puede leerse mediante el endpoint JSON-RPC /rpc, y las pantallas se actualizan en vivo por la conexión en tiempo real.',
        ],
      },
      {
        id: 'not-yet',
        heading: 'Aún no disponible',
        paragraphs: [
          'Las claves de API (Gestión de API) y los webhooks aún no están disponibles: sus pantallas lo indican. Mientras tanto, una integración usa una cuenta de usuario dedicada con el rol más restringido que hace el trabajo.',
        ],
      },
    ],
  },
  'phantom-custom-token': {
    title: 'Ver sus tokens de carbono en Phantom',
    summary: 'Muestre los tokens de carbono Token-2022 de su empresa en Phantom u otra billetera Wallet Standard, por la dirección del mint.',
    sections: [
      {
        id: 'mints',
        heading: 'Las direcciones de mint de sus tokens',
        paragraphs: [
          'Cada proyecto y añada es su propio token Token-2022, identificado por la dirección de su mint. Las direcciones de los tokens que tiene su empresa aparecen en esta página, listas para copiar.',
        ],
      },
      {
        id: 'network',
        heading: 'Elija la red correcta',
        paragraphs: [
          'La billetera debe mirar la misma red que Carbonledger. En devnet, en Phantom: Configuración → Configuración de desarrollador → active el Modo Testnet y elija Solana Devnet.',
          'Cuando Carbonledger ejecuta su propia blockchain local, la red es la dirección RPC de este servidor, que se muestra abajo. Phantom no admite una dirección RPC personalizada: use una billetera que sí la admita (por ejemplo Solflare o Backpack, en su configuración de red) o el enlace del Solana Explorer con la misma dirección.',
        ],
      },
      {
        id: 'add-token',
        heading: 'Añada el token',
        paragraphs: ['Las billeteras listan por sí solas los tokens que tiene una dirección; un token que no conocen puede quedar oculto.'],
        steps: [
          'Abra la billetera que tiene los créditos (la billetera aprobada de su empresa).',
          'Abra la gestión de la lista de tokens (en Phantom: Administrar lista de tokens).',
          'Busque la dirección del mint copiada de esta página y active el token.',
          'El token aparece con el nombre, el símbolo y el logotipo de sus metadatos en la blockchain; la cantidad está en tCO2e.',
        ],
      },
      {
        id: 'frozen',
        heading: 'Congelado hasta la aprobación',
        paragraphs: [
          'Los tokens de carbono se crean congelados: la cuenta de token de una billetera solo se descongela cuando un administrador aprueba la billetera. Un saldo congelado se ve, pero no se puede enviar, y una billetera suspendida o revocada vuelve a congelarse. Los créditos se retiran en Carbonledger, nunca enviándolos a otra dirección.',
        ],
      },
    ],
  },
  support: {
    title: 'Soporte',
    summary: 'El soporte está disponible 24/7.',
    sections: [
      {
        id: 'contact',
        heading: 'Cómo obtener ayuda',
        paragraphs: [
          'El soporte está disponible 24/7. El administrador de su empresa es el primer contacto para accesos, roles y aprobación de billeteras.',
          'Al escribir, indique qué estaba haciendo, la pantalla y la hora, y el mensaje exacto que se mostró. Nunca envíe su contraseña, códigos de dos factores, códigos de recuperación ni la clave secreta de una billetera: nadie de Carbonledger se los pedirá.',
        ],
      },
      {
        id: 'locked',
        heading: 'Sin acceso',
        paragraphs: [
          '¿Olvidó su contraseña? Use «¿Olvidó su contraseña?» en la página de inicio de sesión. Si la página de inicio de sesión dice que la cuenta está bloqueada, contacte con el soporte o con su administrador.',
        ],
      },
    ],
  },
};
