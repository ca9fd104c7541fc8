// Being built in this change set; replaced by the full page.
export default function Page() {
  return <main id="main" />;
}
