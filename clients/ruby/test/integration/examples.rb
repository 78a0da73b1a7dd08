# frozen_string_literal: true

# One example call per operation (a port of test/clients/examples.ts): the input, the keyword
# options, and a check of the output with independent tools. An operation the server offers
# without an example here fails the suite, so a new operation cannot ship without coverage.
require_relative "helper"

module Examples
  Example = Struct.new(:input, :options, :check)

  module_function

  # A self-signed signing certificate as PKCS#12 (password "client-test") made with openssl.
  def signing_certificate(dir)
    p12 = File.join(dir, "signer.p12")
    return p12 if File.exist?(p12)

    key = File.join(dir, "signer.key")
    cert = File.join(dir, "signer.crt")
    Integration.run!("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "30",
                     "-subj", "/CN=Client Test Signer", "-addext", "keyUsage=digitalSignature,nonRepudiation")
    Integration.run!("openssl", "pkcs12", "-export", "-inkey", key, "-in", cert, "-out", p12, "-passout", "pass:client-test")
    p12
  end

  # Examples by operation name; check.(output_path, content_type) must be true.
  def all(dir)
    c = Integration.method(:corpus)
    i = Integration
    signed = ->(f) { File.binread(f, 5) == "%PDF-" && Open3.capture3("pdfsig", f)[0].include?("Signature #1") }
    {
      "merge" => Example.new([c["trivial.pdf"], c["trivial.pdf"]], { bookmarks: true }, ->(f, _) { i.page_count(f) == 2 }),
      "split" => Example.new(c["tracemonkey.pdf"], { mode: "extract", pages: "1-2" }, ->(f, _) { i.page_count(f) == 2 }),
      "protect" => Example.new(c["trivial.pdf"], { user_password: "client-secret" }, ->(f, _) { i.page_count(f, "client-secret") == 1 }),
      "unlock" => Example.new(c["encrypted-aes256-user-view-owner-master.pdf"], { password: "view" }, ->(f, _) { i.run!("qpdf", "--show-encryption", f).include?("not encrypted") }),
      "ocr" => Example.new(c["linn.pdf"], { output: "txt" }, ->(f, _) { File.read(f).length > 500 }),
      "extract-text" => Example.new(c["tracemonkey.pdf"], { pages: "1" }, ->(f, _) { File.read(f).include?("Trace-based") }),
      "watermark" => Example.new(c["trivial.pdf"], { text: "CLIENT", opacity: 0.5 }, ->(f, _) { i.text_of(f).include?("CLIENT") }),
      "convert" => Example.new(c["tracemonkey.pdf"], { to: "txt" }, ->(f, _) { File.read(f).include?("Trace-based") }),
      "images" => Example.new([c["typewriter.png"]], { page_size: "a4" }, ->(f, _) { i.page_count(f) == 1 }),
      "compress" => Example.new(c["tracemonkey.pdf"], { level: "low" }, ->(f, _) { i.qpdf_check?(f) }),
      "rotate" => Example.new(c["trivial.pdf"], { angle: "90" }, ->(f, _) { i.run!("pdfinfo", f).match?(/Page rot:\s+90/) }),
      "organize" => Example.new(c["tracemonkey.pdf"], { order: "3,1" }, ->(f, _) { i.page_count(f) == 2 }),
      "page-numbers" => Example.new(c["tracemonkey.pdf"], { format: "Page {n} of {total}" }, ->(f, _) { i.text_of(f).include?("Page 14 of 14") }),
      "metadata" => Example.new(c["tracemonkey.pdf"], {}, ->(f, type) { type.include?("json") && JSON.parse(File.read(f))["pages"] == 14 }),
      "repair" => Example.new(c["tracemonkey.pdf"], {}, ->(f, _) { i.qpdf_check?(f) }),
      "flatten" => Example.new(c["tracemonkey.pdf"], { what: "all" }, ->(f, _) { i.page_count(f) == 14 }),
      "redact" => Example.new(c["tracemonkey.pdf"], { terms: ["JavaScript"] }, ->(f, _) { !i.text_of(f).downcase.include?("javascript") }),
      "sign" => Example.new(c["trivial.pdf"], { certificate: signing_certificate(dir), certificate_password: "client-test" }, ->(f, _) { signed[f] }),
      "verify" => Example.new(c["trivial.pdf"], {}, ->(f, _) { JSON.parse(File.read(f))["signatures"] == [] }),
      "compare" => Example.new([c["tracemonkey.pdf"], c["tracemonkey.pdf"]], {}, ->(f, _) { JSON.parse(File.read(f))["summary"]["words_inserted"] == 0 }),
      "inspect" => Example.new(c["tracemonkey.pdf"], {}, ->(f, _) { JSON.parse(File.read(f))["page_count"] == 14 }),
      "attachments" => Example.new(c["tracemonkey.pdf"], { action: "list" }, ->(f, _) { JSON.parse(File.read(f))["attachments"] == [] }),
      "sanitize" => Example.new(c["tracemonkey.pdf"], { remove: "javascript,actions" }, ->(f, _) { i.page_count(f) == 14 }),
      "linearize" => Example.new(c["tracemonkey.pdf"], {}, ->(f, _) { i.run!("qpdf", "--check-linearization", f).include?("no linearization errors") }),
      "pipeline" => Example.new(c["tracemonkey.pdf"], { steps: [{ operation: "rotate", options: { angle: "90" } }, { operation: "page-numbers", options: { format: "Page {n} of {total}" } }] },
                                ->(f, _) { i.text_of(f).include?("Page 14 of 14") }),
      "forms" => Example.new(c["trivial.pdf"], {}, ->(f, _) { JSON.parse(File.read(f))["fields"] == [] }),
      "bookmarks" => Example.new(c["trivial.pdf"], { bookmarks: '[{"title":"Client bookmark","page":1}]' }, ->(f, _) { i.run!("qpdf", "--json=2", "--json-key=outlines", f).include?('"title": "Client bookmark"') }),
      "crop" => Example.new(c["tracemonkey.pdf"], { auto: true, pages: "1" }, ->(f, _) { i.page_count(f) == 14 }),
      "resize" => Example.new(c["trivial.pdf"], { paper: "letter" }, ->(f, _) { i.run!("pdfinfo", f).match?(/Page size:\s+612 x 792/) }),
      "n-up" => Example.new(c["tracemonkey.pdf"], { per_sheet: "4" }, ->(f, _) { i.page_count(f) == 4 }),
      "booklet" => Example.new(c["tracemonkey.pdf"], {}, ->(f, _) { i.page_count(f) == 8 }),
      "overlay" => Example.new(c["tracemonkey.pdf"], { overlay: c["trivial.pdf"] }, ->(f, _) { i.page_count(f) == 14 }),
      "remove-blank" => Example.new(c["tracemonkey.pdf"], {}, ->(f, _) { i.page_count(f) == 14 })
    }
  end
end
