import type { HelpArticles } from './types';

/** A central de ajuda em português (as mesmas seções e ids que en.ts). */
export const pt: HelpArticles = {
  'getting-started': {
    title: 'Primeiros passos',
    summary: 'Os primeiros passos de uma empresa na Carbonledger: entrar, conectar uma carteira, concluir o KYC e encontrar seus créditos de carbono.',
    sections: [
      {
        id: 'what',
        heading: 'O que a Carbonledger faz',
        paragraphs: [
          'A Carbonledger transforma créditos de carbono verificados (VCUs) em tokens na blockchain Solana, um token por projeto e safra, para que sua empresa possa mantê-los, movê-los e aposentá-los com um registro público e verificável.',
          'Cada empresa trabalha no seu próprio espaço: você vê apenas as carteiras, créditos, aposentadorias e certificados da sua empresa.',
        ],
      },
      {
        id: 'first-steps',
        heading: 'Primeiros passos',
        paragraphs: ['O administrador convida você por e-mail. Depois de aceitar o convite e escolher uma senha:'],
        steps: [
          'Entre e abra o Painel: ele lista as ações que esperam por você.',
          'Conclua o cadastro KYC/AML da empresa na tela KYC (um administrador faz isso uma vez pela empresa).',
          'Registre uma carteira da empresa em Carteiras e aguarde a aprovação.',
          'Veja seus ativos em Portfólio e os projetos em Projetos de Carbono.',
          'Aposente créditos em Aposentadorias; cada aposentadoria emite um certificado que qualquer pessoa pode verificar.',
        ],
      },
      {
        id: 'preferences',
        heading: 'Idioma, tema e segurança',
        paragraphs: [
          'Escolha inglês, português ou espanhol e um tema claro ou escuro na barra superior. Em Configurações → Segurança você pode ativar a autenticação de dois fatores e vincular uma carteira para entrar com ela.',
        ],
      },
    ],
  },
  'roles-and-permissions': {
    title: 'Funções e permissões',
    summary: 'O que cada função pode fazer, e quem decide.',
    sections: [
      {
        id: 'roles',
        heading: 'As funções',
        paragraphs: [
          'Administrador: acesso total.',
          'Operador: gerencia transações.',
          'Auditor: visualiza relatórios.',
          'Visualizador: somente leitura.',
          'As permissões são definidas pelo administrador da empresa.',
        ],
      },
      {
        id: 'custom-roles',
        heading: 'Funções personalizadas',
        paragraphs: [
          'Um administrador pode criar as funções próprias da empresa em Equipe → Funções e Permissões: um nome, uma função base e as permissões exatas que ela concede. A mudança vale na hora, inclusive para quem já está conectado.',
          'Se uma tela mostrar Acesso Negado, sua função não a inclui: fale com o administrador da sua empresa.',
        ],
      },
      {
        id: 'scope',
        heading: 'Somente a sua empresa',
        paragraphs: [
          'Todos, exceto os administradores da plataforma, trabalham apenas na própria empresa: carteiras, créditos, emissões, aposentadorias, certificados, transações e registros de outras empresas nunca são mostrados.',
        ],
      },
    ],
  },
  'wallet-approval': {
    title: 'Carteiras da empresa e prazos de aprovação',
    summary: 'Registre uma carteira, e quanto tempo leva a aprovação antes que ela possa manter, mover ou aposentar créditos.',
    sections: [
      {
        id: 'register',
        heading: 'Registrar uma carteira',
        paragraphs: [
          'Em Carteiras, registre uma carteira externa (sua carteira do navegador assina uma mensagem única de titularidade; nada é enviado à blockchain) ou crie uma carteira gerenciada pela plataforma, que a plataforma assina.',
        ],
      },
      {
        id: 'approval-time',
        heading: 'Quanto tempo leva a aprovação',
        paragraphs: [
          'Um administrador precisa aprovar a carteira antes de qualquer operação com tokens. A aprovação leva até 24 horas úteis (1–2 dias úteis).',
          'Enquanto aguarda, a carteira aparece como Pendente; depois de aprovada, suas contas de token são descongeladas na blockchain e ela aparece como Ativa.',
        ],
      },
      {
        id: 'statuses',
        heading: 'Outros status',
        paragraphs: [
          'Somente carteiras aprovadas e ativas podem manter, mover ou aposentar tokens. Uma carteira suspensa fica parada por um tempo (o motivo é mostrado) e pode ser reativada; uma revogada fica parada de vez. Um endereço rejeitado não pode ser registrado de novo: fale com um administrador.',
        ],
      },
    ],
  },
  minting: {
    title: 'Emissão de créditos de carbono',
    summary: 'Transforme as VCUs importadas de um projeto em tokens com o assistente de quatro etapas ou em lote.',
    sections: [
      {
        id: 'before',
        heading: 'Antes de emitir',
        paragraphs: [
          'Importe as VCUs de um projeto em Projetos de Carbono e tenha uma carteira da empresa aprovada para receber os tokens. A emissão exige a permissão de emitir tokens.',
        ],
      },
      {
        id: 'wizard',
        heading: 'O assistente de emissão',
        paragraphs: ['Emissão → Avançado abre o assistente:'],
        steps: [
          'Selecione o projeto, a safra e a quantidade.',
          'Configure o token: nome, símbolo, descrição e logotipo.',
          'Pré-visualização: as verificações (projeto, quantidade disponível, carteira aprovada, saldo) e as taxas, lidas da blockchain.',
          'Executar: os tokens são emitidos para a carteira. Acima do limite de aprovação, a emissão aguarda a aprovação de um administrador.',
        ],
      },
      {
        id: 'batch',
        heading: 'Emissão em lote e tarefas',
        paragraphs: [
          'A emissão de VCUs em lote emite muitos blocos de uma vez como tarefa em segundo plano; a tabela de tarefas de emissão em Emissão mostra o andamento, as novas tentativas e as falhas de cada tarefa.',
        ],
      },
    ],
  },
  'retiring-and-certificates': {
    title: 'Aposentar créditos e certificados',
    summary: 'Aposente (queime) créditos para um beneficiário e receba um certificado com PDF e código QR.',
    sections: [
      {
        id: 'retire',
        heading: 'Aposentar créditos',
        paragraphs: [
          'Em Aposentadorias escolha o token, a quantidade em tCO2e inteiras, o motivo, o local e o beneficiário, e então Aposentar agora ou Agendar um horário. Uma carteira externa assina a queima no seu navegador; uma carteira gerenciada é assinada pela plataforma.',
          'Aposentar exige o KYC da empresa aprovado e uma carteira aprovada que tenha o token.',
        ],
      },
      {
        id: 'certificate',
        heading: 'O certificado',
        paragraphs: [
          'Uma aposentadoria concluída emite um certificado: número, quantidade, data, beneficiário, motivo, projeto, metodologia, safra e a transação na blockchain. Em Certificados você pode vê-lo, baixar o PDF e mostrar o código QR.',
        ],
      },
      {
        id: 'statuses',
        heading: 'Status da aposentadoria',
        paragraphs: [
          'Pendente aguarda a assinatura do titular, Processando está a caminho da blockchain, Aposentado está concluído, Falhou não chegou à blockchain. Uma aposentadoria pendente ou agendada pode ser cancelada.',
        ],
      },
    ],
  },
  verification: {
    title: 'Verificar um certificado',
    summary: 'Qualquer pessoa pode conferir um certificado de aposentadoria, sem conta.',
    sections: [
      {
        id: 'anyone',
        heading: 'Aberto a todos',
        paragraphs: [
          'O código QR e o link de verificação de cada certificado abrem /verify/<número>, uma página pública que não exige login. Ela mostra se o certificado é autêntico e a aposentadoria que ele registra.',
        ],
      },
      {
        id: 'chain',
        heading: 'Conferido na blockchain',
        paragraphs: [
          'A página compara o certificado com a queima na blockchain Solana e leva ao explorador de blocos, para que um comprador ou auditor não precise confiar apenas na palavra da Carbonledger.',
        ],
      },
    ],
  },
  kyc: {
    title: 'Verificação KYC/AML',
    summary: 'Por que sua empresa é verificada, como enviar o cadastro e o que significa cada status.',
    sections: [
      {
        id: 'why',
        heading: 'Por que KYC',
        paragraphs: ['Aposentar créditos exige o KYC/AML da empresa aprovado. O login só é recusado quando ele foi rejeitado.'],
      },
      {
        id: 'submit',
        heading: 'Enviar o cadastro',
        paragraphs: ['Em KYC:'],
        steps: [
          'Preencha os dados da empresa (ou da pessoa); o cadastro é salvo etapa por etapa.',
          'Envie os documentos pedidos (PDF, JPEG ou PNG, até 10 MB cada). Eles são guardados criptografados.',
          'Envie para análise. Os analistas de compliance o revisam e podem pedir mais informações.',
        ],
      },
      {
        id: 'statuses',
        heading: 'Status',
        paragraphs: ['Não iniciado, Pendente, Em análise, Aprovado ou Rejeitado. Você é avisado quando uma decisão é tomada.'],
      },
    ],
  },
  'api-and-webhooks': {
    title: 'API, chaves de API e webhooks',
    summary: 'O que uma integração pode usar hoje, e o que ainda não está disponível.',
    sections: [
      {
        id: 'today',
        heading: 'Disponível hoje',
        paragraphs: [
          'A API REST em /api/v1 é descrita pelo seu documento OpenAPI; os administradores abrem a referência em Documentação da API. Um programa entra como um usuário e envia seu token Bearer, com o cabeçalho x-csrf-token nas alterações e uma Idempotency-Key nas operações que movem valores.',
          'A blockchain pode ser lida pelo endpoint JSON-RPC /rpc, e as telas se atualizam ao vivo pela conexão em tempo real.',
        ],
      },
      {
        id: 'not-yet',
        heading: 'Ainda não disponível',
        paragraphs: [
          'Chaves de API (Gerenciamento de API) e webhooks ainda não estão disponíveis: as telas deles dizem isso. Até lá, uma integração usa uma conta de usuário dedicada com a função mais restrita que faz o trabalho.',
        ],
      },
    ],
  },
  'phantom-custom-token': {
    title: 'Ver seus tokens de carbono no Phantom',
    summary: 'Mostre os tokens de carbono Token-2022 da sua empresa no Phantom ou em outra carteira Wallet Standard, pelo endereço do mint.',
    sections: [
      {
        id: 'mints',
        heading: 'Os endereços de mint dos seus tokens',
        paragraphs: [
          'Cada projeto e safra é um token Token-2022 próprio, identificado pelo endereço do mint. Os endereços dos tokens que sua empresa tem estão listados nesta página, prontos para copiar.',
        ],
      },
      {
        id: 'network',
        heading: 'Escolha a rede certa',
        paragraphs: [
          'A carteira precisa olhar para a mesma rede que a Carbonledger. Na devnet, no Phantom: Configurações → Configurações de desenvolvedor → ative o Modo Testnet e escolha Solana Devnet.',
          'Quando a Carbonledger roda sua própria blockchain local, a rede é o endereço RPC deste servidor, mostrado abaixo. O Phantom não aceita um endereço RPC personalizado: use uma carteira que aceite (por exemplo Solflare ou Backpack, nas configurações de rede) ou o link do Solana Explorer com o mesmo endereço.',
        ],
      },
      {
        id: 'add-token',
        heading: 'Adicione o token',
        paragraphs: ['As carteiras listam sozinhas os tokens que um endereço tem; um token que elas não conhecem pode ficar oculto.'],
        steps: [
          'Abra a carteira que tem os créditos (a carteira aprovada da sua empresa).',
          'Abra o gerenciamento da lista de tokens (no Phantom: Gerenciar lista de tokens).',
          'Procure o endereço do mint copiado desta página e ative o token.',
          'O token aparece com nome, símbolo e logotipo dos seus metadados na blockchain; a quantidade é em tCO2e.',
        ],
      },
      {
        id: 'frozen',
        heading: 'Congelado até a aprovação',
        paragraphs: [
          'Os tokens de carbono são criados congelados: a conta de token de uma carteira só é descongelada quando um administrador aprova a carteira. Um saldo congelado aparece, mas não pode ser enviado, e uma carteira suspensa ou revogada é congelada de novo. Os créditos são aposentados na Carbonledger, nunca enviando-os para outro endereço.',
        ],
      },
    ],
  },
  support: {
    title: 'Suporte',
    summary: 'O suporte está disponível 24/7.',
    sections: [
      {
        id: 'contact',
        heading: 'Como obter ajuda',
        paragraphs: [
          'O suporte está disponível 24/7. O administrador da sua empresa é o primeiro contato para acessos, funções e aprovação de carteiras.',
          'Ao escrever, diga o que estava fazendo, a tela e o horário, e a mensagem exata mostrada. Nunca envie sua senha, códigos de dois fatores, códigos de recuperação ou a chave secreta de uma carteira: ninguém da Carbonledger vai pedi-los.',
        ],
      },
      {
        id: 'locked',
        heading: 'Sem acesso',
        paragraphs: [
          'Esqueceu a senha? Use “Esqueceu a senha?” na página de login. Se a página de login disser que a conta está bloqueada, fale com o suporte ou com o seu administrador.',
        ],
      },
    ],
  },
};
