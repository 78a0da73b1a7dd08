# frozen_string_literal: true

module PdfService
  # The gem's version (follows the service's API version, v1).
  VERSION = "1.0.0"
end
