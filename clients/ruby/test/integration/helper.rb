# frozen_string_literal: true

# The integration suite runs against a real server started by test/clients/ruby-client.test.ts,
# which passes its URL, keys, the corpus and a webhook secret in a JSON file named by PDF_CLIENT_CONFIG.
require "json"
require "minitest/autorun"
require "open3"
require "tmpdir"
require "fileutils"
require "pdf_service"

module Integration
  CONFIG = begin
    path = ENV.fetch("PDF_CLIENT_CONFIG") { raise "PDF_CLIENT_CONFIG is not set: run this suite through test/clients/ruby-client.test.ts" }
    JSON.parse(File.read(path))
  end

  module_function

  def corpus(name)
    File.join(CONFIG.fetch("corpus"), name)
  end

  def client(plan = "pro", **settings)
    PdfService::Client.new(base_url: CONFIG.fetch("url"), api_key: CONFIG.fetch("keys").fetch(plan), **settings)
  end

  # Independent checks of the outputs: the tools themselves, not the client.
  def run!(*command)
    out, err, status = Open3.capture3(*command)
    raise "#{command.first} failed: #{err}" unless status.success?

    out
  end

  def page_count(path, password = nil)
    run!("qpdf", *(password ? ["--password=#{password}"] : []), "--show-npages", path).to_i
  end

  def text_of(path)
    run!("pdftotext", path, "-")
  end

  def qpdf_check?(path)
    [0, 3].include?(Open3.capture3("qpdf", "--check", path)[2].exitstatus)
  end
end
