# frozen_string_literal: true

require "securerandom"
require_relative "upload"

module PdfService
  # A multipart/form-data body that Net::HTTP reads in pieces (as a body_stream): the option
  # fields first, then each file part copied from its source as it is sent, so a 90 MiB upload
  # never sits in memory. #length is nil when a stream's size is unknown (sent chunked then).
  class Multipart
    attr_reader :boundary, :length

    # fields: [[name, value String]], files: [[field, input]] (inputs as PdfService::Upload describes).
    def initialize(fields, files)
      @boundary = "pdfservice#{SecureRandom.hex(12)}"
      @opened = []
      @pieces = []
      fields.each do |name, value|
        @pieces << "--#{@boundary}\r\nContent-Disposition: form-data; name=\"#{quote(name)}\"\r\n\r\n#{value}\r\n".b
      end
      files.each do |field, input|
        opened = Upload::Opened.new(input)
        @opened << opened
        @pieces << "--#{@boundary}\r\nContent-Disposition: form-data; name=\"#{quote(field)}\"; filename=\"#{quote(opened.filename)}\"\r\nContent-Type: application/octet-stream\r\n\r\n".b
        @pieces << opened
        @pieces << "\r\n".b
      end
      @pieces << "--#{@boundary}--\r\n".b
      sizes = @pieces.map { |piece| piece.is_a?(String) ? piece.bytesize : piece.size }
      @length = sizes.include?(nil) ? nil : sizes.sum
      @index = 0
      @offset = 0
    rescue StandardError
      close
      raise
    end

    def content_type
      "multipart/form-data; boundary=#{@boundary}"
    end

    # IO.copy_stream's side of the body: up to `length` bytes into `outbuf`, nil at the end.
    def read(length = 65_536, outbuf = nil)
      outbuf ||= String.new(encoding: Encoding::BINARY)
      while @index < @pieces.size
        piece = @pieces[@index]
        if piece.is_a?(String)
          if @offset < piece.bytesize
            outbuf.replace(piece.byteslice(@offset, length))
            @offset += outbuf.bytesize
            return outbuf
          end
        elsif piece.io.read(length, outbuf)
          return outbuf
        end
        @index += 1
        @offset = 0
      end
      outbuf.clear
      nil
    end

    # Puts every stream back to its start for a retry; false when one cannot be rewound.
    def rewind
      @index = 0
      @offset = 0
      @opened.all?(&:rewind)
    end

    # Closes the files this body opened (streams the caller passed stay open).
    def close
      @opened.each(&:close)
    end

    private

    # Field and file names go inside quotes: a quote or line break would end the header early.
    def quote(value)
      value.to_s.gsub(/["\r\n\\]/) { |c| format("%%%02X", c.ord) }
    end
  end
end
