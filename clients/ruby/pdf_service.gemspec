# frozen_string_literal: true

require_relative "lib/pdf_service/version"

Gem::Specification.new do |spec|
  spec.name = "pdf_service"
  spec.version = PdfService::VERSION
  spec.summary = "Client of the PDF service: every operation, files streamed, jobs, webhooks"
  spec.description = "Every operation of the self-hosted PDF service as a method with keyword options, " \
                     "uploads and results streamed, errors carrying the API's problem, retries honouring " \
                     "Retry-After, asynchronous jobs and Standard Webhooks verification. Standard library only."
  spec.authors = ["PDF service contributors"]
  spec.license = "MIT"
  spec.required_ruby_version = ">= 3.1"
  spec.files = Dir.glob("lib/**/*.rb", base: __dir__) + ["README.md"]
  spec.require_paths = ["lib"]
end
