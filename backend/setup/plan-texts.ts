/**
 * What each of the reference plans includes, and its words in Arabic, Spanish and French (issue 37, point 4), as
 * a new installation starts with them; the office edits them from there. The firm's terms are the glossary's
 * (docs/glossary.md): French *formule*, *relocation* and *placement*, Spanish *usted*, Arabic with Latin digits.
 */
import type { PlanTexts } from "../../lib/catalogue-texts.js";
import type { TextLang } from "../../lib/i18n/languages.js";

type Written = { includes: string[]; texts: Record<TextLang, Required<PlanTexts>> };

/** By the plan's service and English name. */
export const planTexts: Record<string, Written> = {
  "1:Starter mentorship": {
    includes: [
      "Three 60-minute sessions with a mentor",
      "Written notes after each session",
      "Sessions at times that suit the client",
    ],
    texts: {
      es: {
        name: "Mentoría inicial",
        description: "Tres sesiones de 60 minutos a lo largo de un mes, con notas escritas después de cada una.",
        includes: [
          "Tres sesiones de 60 minutos con un mentor",
          "Notas escritas después de cada sesión",
          "Sesiones en los horarios que mejor le convengan",
        ],
      },
      fr: {
        name: "Mentorat découverte",
        description: "Trois séances de 60 minutes sur un mois, avec un compte rendu écrit après chacune.",
        includes: [
          "Trois séances de mentorat de 60 minutes",
          "Un compte rendu écrit après chaque séance",
          "Des séances aux horaires qui vous conviennent",
        ],
      },
      ar: {
        name: "إرشاد البداية",
        description: "ثلاث جلسات مدة كل منها 60 دقيقة على مدى شهر، مع ملاحظات مكتوبة بعد كل جلسة.",
        includes: ["ثلاث جلسات مع المرشد، مدة كل منها 60 دقيقة", "ملاحظات مكتوبة بعد كل جلسة", "مواعيد الجلسات حسب ما يناسبك"],
      },
    },
  },
  "1:Career switch mentorship": {
    includes: [
      "Eight sessions over three months",
      "A review of the CV and LinkedIn profile",
      "Two mock interviews with feedback",
    ],
    texts: {
      es: {
        name: "Mentoría para cambio de carrera",
        description: "Ocho sesiones a lo largo de tres meses, revisión del CV y de LinkedIn y dos entrevistas de práctica.",
        includes: [
          "Ocho sesiones a lo largo de tres meses",
          "Revisión de su CV y de su perfil de LinkedIn",
          "Dos entrevistas de práctica con comentarios",
        ],
      },
      fr: {
        name: "Mentorat reconversion",
        description: "Huit séances sur trois mois, une relecture du CV et du profil LinkedIn, deux entretiens blancs.",
        includes: [
          "Huit séances sur trois mois",
          "Une relecture de votre CV et de votre profil LinkedIn",
          "Deux entretiens blancs, avec un retour détaillé",
        ],
      },
      ar: {
        name: "إرشاد تغيير المسار المهني",
        description: "ثماني جلسات على مدى ثلاثة أشهر، ومراجعة للسيرة الذاتية وملف LinkedIn، ومقابلتان تجريبيتان.",
        includes: ["ثماني جلسات على مدى ثلاثة أشهر", "مراجعة سيرتك الذاتية وملفك على LinkedIn", "مقابلتان تجريبيتان مع ملاحظات"],
      },
    },
  },
  "1:Executive mentorship": {
    includes: [
      "Twelve sessions with a senior mentor",
      "Coaching for the salary and contract negotiation",
      "A written plan for the first 90 days",
    ],
    texts: {
      es: {
        name: "Mentoría para directivos",
        description: "Doce sesiones con un mentor sénior, preparación para negociar y un plan de 90 días.",
        includes: [
          "Doce sesiones con un mentor sénior",
          "Preparación para negociar el salario y el contrato",
          "Un plan por escrito para sus primeros 90 días",
        ],
      },
      fr: {
        name: "Mentorat dirigeants",
        description: "Douze séances avec un mentor expérimenté, un accompagnement à la négociation et un plan à 90 jours.",
        includes: [
          "Douze séances avec un mentor expérimenté",
          "Un accompagnement pour négocier salaire et contrat",
          "Un plan écrit pour vos 90 premiers jours",
        ],
      },
      ar: {
        name: "إرشاد القيادات",
        description: "اثنتا عشرة جلسة مع مرشد ذي خبرة، وتدريب على التفاوض، وخطة لأول 90 يومًا.",
        includes: ["اثنتا عشرة جلسة مع مرشد ذي خبرة", "تدريب على التفاوض على الراتب والعقد", "خطة مكتوبة لأول 90 يومًا في العمل"],
      },
    },
  },
  "2:Visa essentials": {
    includes: [
      "A check of which visa the client qualifies for",
      "The document list and a review of the application",
      "Booking of the visa appointment",
    ],
    texts: {
      es: {
        name: "Visado esencial",
        description: "Comprobación de requisitos, lista de documentos, revisión de la solicitud y reserva de cita.",
        includes: [
          "Comprobación de los requisitos para el visado adecuado",
          "Su lista de documentos y la revisión de la solicitud",
          "Reserva de la cita para el visado",
        ],
      },
      fr: {
        name: "Visa essentiel",
        description: "Vérification de l'éligibilité, liste des pièces, relecture du dossier et prise de rendez-vous.",
        includes: [
          "La vérification de votre éligibilité au bon visa",
          "Votre liste de pièces et la relecture du dossier",
          "La prise de rendez-vous pour le visa",
        ],
      },
      ar: {
        name: "أساسيات التأشيرة",
        description: "التحقق من الأهلية، وقائمة المستندات، ومراجعة الطلب، وحجز الموعد.",
        includes: ["التحقق من أهليتك للتأشيرة المناسبة", "قائمة مستنداتك ومراجعة الطلب", "حجز موعد التأشيرة"],
      },
    },
  },
  "2:Full relocation": {
    includes: [
      "Everything in Visa essentials",
      "Two weeks of help finding temporary housing",
      "Registration, a bank account and a local SIM",
    ],
    texts: {
      es: {
        name: "Reubicación completa",
        description: "Visado, dos semanas de búsqueda de alojamiento temporal, empadronamiento, cuenta bancaria y una SIM local.",
        includes: [
          "Todo lo que incluye Visado esencial",
          "Dos semanas de ayuda para encontrar alojamiento temporal",
          "Empadronamiento, cuenta bancaria y una SIM local",
        ],
      },
      fr: {
        name: "Relocation complète",
        description:
          "Visa, deux semaines de recherche de logement temporaire, enregistrement, compte bancaire et carte SIM locale.",
        includes: [
          "Tout ce que comprend Visa essentiel",
          "Deux semaines d'aide pour trouver un logement temporaire",
          "L'enregistrement, un compte bancaire et une carte SIM locale",
        ],
      },
      ar: {
        name: "الانتقال الشامل",
        description: "التأشيرة، وأسبوعان من البحث عن سكن مؤقت، والتسجيل، وحساب مصرفي، وشريحة اتصال محلية.",
        includes: [
          "كل ما تشمله خطة أساسيات التأشيرة",
          "أسبوعان من المساعدة في إيجاد سكن مؤقت",
          "التسجيل وفتح حساب مصرفي وشريحة اتصال محلية",
        ],
      },
    },
  },
  "2:Family relocation": {
    includes: [
      "Everything in Full relocation, for the whole family",
      "Visas for the spouse and children",
      "Help finding a school and enrolling the children",
    ],
    texts: {
      es: {
        name: "Reubicación familiar",
        description:
          "Todo lo de Reubicación completa para una familia, más la búsqueda de colegio y los visados de los familiares.",
        includes: [
          "Todo lo de Reubicación completa, para toda la familia",
          "Visados para su cónyuge y sus hijos",
          "Ayuda para encontrar colegio y matricular a los niños",
        ],
      },
      fr: {
        name: "Relocation en famille",
        description:
          "Tout ce que comprend Relocation complète pour une famille, plus la recherche d'école et les visas des proches.",
        includes: [
          "Tout ce que comprend Relocation complète, pour toute la famille",
          "Les visas de votre conjoint et de vos enfants",
          "Une aide pour trouver une école et y inscrire vos enfants",
        ],
      },
      ar: {
        name: "انتقال العائلة",
        description: "كل ما تشمله خطة الانتقال الشامل لعائلة كاملة، إضافة إلى البحث عن مدارس وتأشيرات المرافقين.",
        includes: [
          "كل ما تشمله خطة الانتقال الشامل، للعائلة كلها",
          "تأشيرات الزوج أو الزوجة والأبناء",
          "المساعدة في إيجاد مدرسة وتسجيل الأبناء فيها",
        ],
      },
    },
  },
  "3:CV and profile": {
    includes: [
      "The CV rewritten in the destination market's format",
      "A cover letter template",
      "A review of the LinkedIn profile",
    ],
    texts: {
      es: {
        name: "CV y perfil",
        description:
          "Un CV en el formato del mercado de destino, una plantilla de carta de presentación y una revisión del perfil.",
        includes: [
          "Su CV reescrito en el formato del mercado de destino",
          "Una plantilla de carta de presentación",
          "Una revisión de su perfil de LinkedIn",
        ],
      },
      fr: {
        name: "CV et profil",
        description: "Un CV au format du marché visé, un modèle de lettre de motivation et une relecture du profil.",
        includes: [
          "Votre CV réécrit au format du marché visé",
          "Un modèle de lettre de motivation",
          "Une relecture de votre profil LinkedIn",
        ],
      },
      ar: {
        name: "السيرة الذاتية والملف المهني",
        description: "سيرة ذاتية بالشكل المعتمد في بلد الوجهة، ونموذج لخطاب التقديم، ومراجعة للملف المهني.",
        includes: ["إعادة كتابة سيرتك الذاتية بالشكل المعتمد في بلد الوجهة", "نموذج لخطاب التقديم", "مراجعة ملفك على LinkedIn"],
      },
    },
  },
  "3:Placement search": {
    includes: [
      "Three months of shortlisting roles that fit",
      "Introductions to employers who sponsor visas",
      "Preparation for each interview",
    ],
    texts: {
      es: {
        name: "Búsqueda de colocación",
        description:
          "Preselección, presentaciones a empleadores que patrocinan visados y preparación de entrevistas durante tres meses.",
        includes: [
          "Tres meses de preselección de puestos a su medida",
          "Presentaciones a empleadores que patrocinan visados",
          "Preparación para cada entrevista",
        ],
      },
      fr: {
        name: "Recherche de placement",
        description:
          "Présélection, mises en relation avec des employeurs qui parrainent les visas et préparation aux entretiens pendant trois mois.",
        includes: [
          "Trois mois de présélection de postes qui vous correspondent",
          "Des mises en relation avec des employeurs qui parrainent les visas",
          "Une préparation à chaque entretien",
        ],
      },
      ar: {
        name: "البحث عن وظيفة",
        description: "إعداد قائمة مختصرة بالوظائف، والتعريف بأصحاب عمل يكفلون التأشيرات، والتحضير للمقابلات على مدى ثلاثة أشهر.",
        includes: ["ثلاثة أشهر من اختيار الوظائف المناسبة لك", "التعريف بأصحاب عمل يكفلون التأشيرات", "التحضير لكل مقابلة"],
      },
    },
  },
  "3:Placement guarantee": {
    includes: [
      "Placement search until an offer is signed",
      "A review of the employment contract",
      "Support through the first weeks in the job",
    ],
    texts: {
      es: {
        name: "Colocación garantizada",
        description: "Búsqueda de colocación hasta que firme una oferta, con revisión del contrato y apoyo en la incorporación.",
        includes: [
          "Búsqueda de colocación hasta que firme una oferta",
          "Revisión de su contrato de trabajo",
          "Apoyo durante sus primeras semanas en el puesto",
        ],
      },
      fr: {
        name: "Placement garanti",
        description:
          "Une recherche de placement jusqu'à la signature d'une offre, avec relecture du contrat et accompagnement à la prise de poste.",
        includes: [
          "Une recherche de placement jusqu'à la signature d'une offre",
          "La relecture de votre contrat de travail",
          "Un accompagnement pendant vos premières semaines en poste",
        ],
      },
      ar: {
        name: "ضمان التوظيف",
        description: "البحث عن وظيفة حتى توقيع عرض عمل، مع مراجعة العقد والدعم في بداية العمل.",
        includes: ["البحث عن وظيفة حتى توقيع عرض عمل", "مراجعة عقد عملك", "الدعم خلال أسابيعك الأولى في الوظيفة"],
      },
    },
  },
};
