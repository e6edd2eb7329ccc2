import { Link } from "@remix-run/react";

export function SiteFooter({ copyrightYear }: { copyrightYear: number }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <Link to="/terms/">Terms &amp; Conditions</Link>
        <p>© {copyrightYear} Waypoint Consultancy. All rights reserved.</p>
        <a href="#top" className="back-to-top">
          Back to top
        </a>
      </div>
    </footer>
  );
}
