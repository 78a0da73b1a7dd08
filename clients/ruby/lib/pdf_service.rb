# frozen_string_literal: true

# Client of the PDF service: every operation as a method with keyword options, files streamed
# in and out, errors as PdfService::Error, retries honouring Retry-After, jobs, webhooks.
# Standard library only (net/http, json, openssl, zlib).
require_relative "pdf_service/version"
require_relative "pdf_service/errors"
require_relative "pdf_service/headers"
require_relative "pdf_service/upload"
require_relative "pdf_service/multipart"
require_relative "pdf_service/zip_reader"
require_relative "pdf_service/result"
require_relative "pdf_service/tokens"
require_relative "pdf_service/webhooks"
require_relative "pdf_service/operations"
require_relative "pdf_service/client"
