/**
 * Each service's stages as a new portal starts with them (issue 39), in the four languages: the office renames,
 * reorders, adds and retires them (/office/stages). Seeded once per service, only while it has none.
 */
type Names = { name: string; name_ar: string; name_es: string; name_fr: string };

export const stageDefaults: Record<number, Names[]> = {
  // Mentorship
  1: [
    { name: "Getting started", name_ar: "البداية", name_es: "Inicio", name_fr: "Démarrage" },
    { name: "Sessions under way", name_ar: "الجلسات جارية", name_es: "Sesiones en curso", name_fr: "Séances en cours" },
    { name: "Plan reviewed", name_ar: "مراجعة الخطة", name_es: "Plan revisado", name_fr: "Plan revu" },
    { name: "Completed", name_ar: "مكتمل", name_es: "Completado", name_fr: "Terminé" },
  ],
  // Relocation
  2: [
    { name: "Documents gathered", name_ar: "جمع المستندات", name_es: "Documentos reunidos", name_fr: "Documents réunis" },
    { name: "Application filed", name_ar: "تقديم الطلب", name_es: "Solicitud presentada", name_fr: "Demande déposée" },
    { name: "Decision", name_ar: "القرار", name_es: "Decisión", name_fr: "Décision" },
    { name: "Moved", name_ar: "تم الانتقال", name_es: "Mudanza hecha", name_fr: "Installation faite" },
  ],
  // Job Placement
  3: [
    { name: "Profile ready", name_ar: "الملف جاهز", name_es: "Perfil listo", name_fr: "Profil prêt" },
    { name: "Applications sent", name_ar: "إرسال الطلبات", name_es: "Candidaturas enviadas", name_fr: "Candidatures envoyées" },
    { name: "Interviews", name_ar: "المقابلات", name_es: "Entrevistas", name_fr: "Entretiens" },
    { name: "Offer accepted", name_ar: "قبول العرض", name_es: "Oferta aceptada", name_fr: "Offre acceptée" },
  ],
};
