/**
 * The demo's questionnaire (issue 40): what a relocation firm asks first, in the four languages, with a question
 * shown only when an earlier answer calls for it. Sent by agents from a client's page; the office can name services
 * whose payment sends it.
 */
import type { QuestionnaireContent } from "../../lib/intake.js";

export const demoQuestionnaire: { name: string; next_key: number; content: QuestionnaireContent } = {
  name: "Relocation intake",
  next_key: 10,
  content: {
    title: { en: "Before you move", ar: "قبل انتقالك", es: "Antes de su mudanza", fr: "Avant votre départ" },
    intro: {
      en: "A few questions about you and your family, so your agent can prepare your move.",
      ar: "بعض الأسئلة عنك وعن عائلتك ليتمكن وكيلك من التحضير لانتقالك.",
      es: "Algunas preguntas sobre usted y su familia, para que su agente prepare su mudanza.",
      fr: "Quelques questions sur vous et votre famille, pour que votre agent prépare votre départ.",
    },
    sections: [
      {
        key: "s1",
        title: { en: "About you", ar: "عنك", es: "Sobre usted", fr: "Vous" },
        questions: [
          {
            key: "q3",
            kind: "date",
            required: true,
            label: { en: "Date of birth", ar: "تاريخ الميلاد", es: "Fecha de nacimiento", fr: "Date de naissance" },
            help: null,
            options: [],
            show_if: null,
            dates: "past",
          },
          {
            key: "q4",
            kind: "country",
            required: true,
            label: { en: "Country of birth", ar: "بلد الميلاد", es: "País de nacimiento", fr: "Pays de naissance" },
            help: null,
            options: [],
            show_if: null,
          },
          {
            key: "q5",
            kind: "long_text",
            required: false,
            label: {
              en: "Addresses of the last five years",
              ar: "عناوينك خلال السنوات الخمس الأخيرة",
              es: "Direcciones de los últimos cinco años",
              fr: "Adresses des cinq dernières années",
            },
            help: {
              en: "One a line, with the years.",
              ar: "عنوان في كل سطر، مع السنوات.",
              es: "Una por línea, con los años.",
              fr: "Une par ligne, avec les années.",
            },
            options: [],
            show_if: null,
          },
        ],
      },
      {
        key: "s2",
        title: { en: "Family", ar: "العائلة", es: "Familia", fr: "Famille" },
        questions: [
          {
            key: "q6",
            kind: "yes_no",
            required: true,
            label: {
              en: "Are family members moving with you?",
              ar: "هل ينتقل معك أفراد من عائلتك؟",
              es: "¿Se mudan familiares con usted?",
              fr: "Des membres de votre famille partent-ils avec vous ?",
            },
            help: null,
            options: [],
            show_if: null,
          },
          {
            key: "q7",
            kind: "long_text",
            required: true,
            label: {
              en: "Their names and dates of birth",
              ar: "أسماؤهم وتواريخ ميلادهم",
              es: "Sus nombres y fechas de nacimiento",
              fr: "Leurs noms et dates de naissance",
            },
            help: null,
            options: [],
            show_if: { key: "q6", value: "yes" },
          },
          {
            key: "q8",
            kind: "choices",
            required: false,
            label: {
              en: "Languages spoken at home",
              ar: "اللغات المستخدمة في المنزل",
              es: "Idiomas que se hablan en casa",
              fr: "Langues parlées à la maison",
            },
            help: null,
            options: [
              { value: "English", label: { en: "English", ar: "الإنجليزية", es: "Inglés", fr: "Anglais" } },
              { value: "Arabic", label: { en: "Arabic", ar: "العربية", es: "Árabe", fr: "Arabe" } },
              { value: "Spanish", label: { en: "Spanish", ar: "الإسبانية", es: "Español", fr: "Espagnol" } },
              { value: "French", label: { en: "French", ar: "الفرنسية", es: "Francés", fr: "Français" } },
            ],
            show_if: null,
          },
        ],
      },
    ],
  },
};
