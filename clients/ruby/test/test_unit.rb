# frozen_string_literal: true

# Unit tests: webhook verification, header parsing, error mapping, the multipart body, the ZIP
# reader (against archives Python's zipfile writes) and retries (against a scripted local server).
require "minitest/autorun"
require "open3"
require "pathname"
require "tmpdir"
require "pdf_service"
require_relative "stub_server"

class WebhookTest < Minitest::Test
  KEY = "0123456789abcdef0123456789abcdef"
  SECRET = "whsec_#{[KEY].pack('m0')}"
  BODY = '{"type":"job.succeeded","data":{"id":"j1"}}'

  def signed(body: BODY, timestamp: Time.now.to_i, id: "msg_1", key: KEY)
    signature = [OpenSSL::HMAC.digest("SHA256", key, "#{id}.#{timestamp}.#{body}")].pack("m0")
    { "Webhook-Id" => id, "Webhook-Timestamp" => timestamp.to_s, "Webhook-Signature" => "v1,#{signature}" }
  end

  def test_a_valid_signature_returns_the_event
    assert_equal({ "type" => "job.succeeded", "data" => { "id" => "j1" } }, PdfService::Webhooks.verify(signed, BODY, SECRET))
    assert_equal "j1", PdfService.verify_webhook(signed, BODY.b, SECRET)["data"]["id"]
  end

  def test_any_of_several_signatures_may_match
    headers = signed
    wrong = ["x" * 32].pack("m0")
    headers["Webhook-Signature"] = "v1,#{wrong} v2,abc #{headers['Webhook-Signature']}"
    assert_equal "job.succeeded", PdfService::Webhooks.verify(headers, BODY, SECRET)["type"]
    headers["Webhook-Signature"] = "v1,#{wrong} v1,not-base64!"
    assert_raises(PdfService::WebhookVerificationError) { PdfService::Webhooks.verify(headers, BODY, SECRET) }
  end

  def test_an_altered_body_a_wrong_secret_or_missing_headers_are_refused
    assert_raises(PdfService::WebhookVerificationError) { PdfService::Webhooks.verify(signed, "#{BODY} ", SECRET) }
    assert_raises(PdfService::WebhookVerificationError) { PdfService::Webhooks.verify(signed(key: "another key"), BODY, SECRET) }
    assert_raises(PdfService::WebhookVerificationError) { PdfService::Webhooks.verify(signed.except("Webhook-Id"), BODY, SECRET) }
    assert_raises(PdfService::WebhookVerificationError) { PdfService::Webhooks.verify(signed, BODY, "whsec_%%%") }
  end

  def test_timestamps_outside_the_tolerance_are_refused
    old = signed(timestamp: Time.now.to_i - 301)
    assert_raises(PdfService::WebhookVerificationError) { PdfService::Webhooks.verify(old, BODY, SECRET) }
    assert PdfService::Webhooks.verify(old, BODY, SECRET, tolerance: 600)
    assert PdfService::Webhooks.verify(old, BODY, SECRET, now: Time.now - 300)
    future = signed(timestamp: Time.now.to_i + 3600)
    assert_raises(PdfService::WebhookVerificationError) { PdfService::Webhooks.verify(future, BODY, SECRET) }
    not_a_number = signed.merge("Webhook-Timestamp" => "12abc")
    assert_raises(PdfService::WebhookVerificationError) { PdfService::Webhooks.verify(not_a_number, BODY, SECRET) }
  end

  def test_rack_env_headers_and_array_values
    rack = signed.to_h { |name, value| ["HTTP_#{name.upcase.tr('-', '_')}", value] }
    assert_equal "j1", PdfService::Webhooks.verify(rack, BODY, SECRET)["data"]["id"]
    arrays = signed.transform_values { |value| [value] }
    assert_equal "j1", PdfService::Webhooks.verify(arrays, BODY, SECRET)["data"]["id"]
  end
end

class HeadersAndErrorsTest < Minitest::Test
  def test_rate_limit_fields
    limit = PdfService::RateLimit.parse({ "ratelimit-policy" => '"daily";q=100;w=86400', "ratelimit" => '"daily";r=42;t=3600' })
    assert_equal [100, 42, 3600], [limit.limit, limit.remaining, limit.reset]
    assert_nil PdfService::RateLimit.parse({})
  end

  def test_retry_after_as_seconds_or_date_and_the_file_name
    assert_equal 7.0, PdfService::Headers.retry_after({ "retry-after" => "7" })
    in_a_minute = PdfService::Headers.retry_after({ "retry-after" => (Time.now + 60).httpdate })
    assert_in_delta 60, in_a_minute, 2
    assert_nil PdfService::Headers.retry_after({ "retry-after" => "soon" })
    header = %(attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9+1.pdf)
    assert_equal "résumé+1.pdf", PdfService::Headers.filename({ "content-disposition" => header })
    assert_equal "a.pdf", PdfService::Headers.filename({ "content-disposition" => 'attachment; filename="a.pdf"' })
  end

  def test_each_common_code_has_its_class_and_others_the_base_class
    error = PdfService.error_for({ "status" => 429, "code" => "quota_exceeded", "detail" => "spent", "request_id" => "r1", "limit" => 100 }, retry_after: 5.0)
    assert_instance_of PdfService::QuotaExceededError, error
    assert_equal [429, "quota_exceeded", "spent", "r1", 100, 5.0], [error.status, error.code, error.detail, error.request_id, error.problem["limit"], error.retry_after]
    assert_kind_of StandardError, error
    assert_instance_of PdfService::AuthenticationError, PdfService.error_for({ "status" => 401, "code" => "missing_api_key" })
    assert_instance_of PdfService::ForbiddenError, PdfService.error_for({ "status" => 403, "code" => "insufficient_scope" })
    other = PdfService.error_for({ "status" => 418, "code" => "teapot", "detail" => "short" })
    assert_instance_of PdfService::Error, other
    assert_equal "418 teapot: short", other.message
  end
end

class MultipartTest < Minitest::Test
  def test_fields_and_files_from_a_path_bytes_and_streams_with_an_exact_length
    Dir.mktmpdir do |dir|
      path = File.join(dir, "in \"quoted\".pdf")
      File.binwrite(path, "%PDF-path")
      reader, writer = IO.pipe
      writer.write("from a pipe")
      writer.close
      files = [["files", path], ["files", Pathname(path)], ["files", PdfService::Upload.bytes("%PDF-bytes", filename: "b.pdf")], ["files", StringIO.new("%PDF-io")]]
      body = PdfService::Multipart.new([%w[bookmarks true], ["terms", "a\r\nb"]], files)
      text = drain(body)
      assert_equal body.length, text.bytesize
      assert_includes text, %(name="files"; filename="in %22quoted%22.pdf"\r\nContent-Type: application/octet-stream\r\n\r\n%PDF-path\r\n)
      assert_includes text, %(filename="b.pdf"\r\nContent-Type: application/octet-stream\r\n\r\n%PDF-bytes\r\n)
      assert_includes text, %(filename="upload"\r\nContent-Type: application/octet-stream\r\n\r\n%PDF-io\r\n)
      assert_includes text, %(name="bookmarks"\r\n\r\ntrue\r\n)
      assert text.end_with?("--#{body.boundary}--\r\n")
      assert body.rewind, "paths and StringIO rewind"
      assert_equal text, drain(body)
      body.close

      piped = PdfService::Multipart.new([], [["file", reader]])
      assert_nil piped.length, "a pipe's size is unknown: sent chunked"
      assert_includes drain(piped), "from a pipe"
      refute piped.rewind, "a pipe cannot be sent twice"
    end
  end

  def test_an_unknown_input_type_is_refused
    assert_raises(TypeError) { PdfService::Multipart.new([], [["file", 42]]) }
  end

  private

  def drain(body)
    out = "".b
    buffer = "".b
    out << buffer while body.read(7, buffer)
    out
  end
end

class ZipReaderTest < Minitest::Test
  # Archives written by Python's zipfile (an independent writer): stored, deflated, a directory, ZIP64.
  WRITER = <<~PY
    import sys, zipfile
    with zipfile.ZipFile(sys.argv[1], "w") as z:
        z.writestr(zipfile.ZipInfo("dir/"), b"")
        z.writestr("stored.txt", b"plain " * 1000, compress_type=zipfile.ZIP_STORED)
        z.writestr("deflated.bin", bytes(range(256)) * 4000, compress_type=zipfile.ZIP_DEFLATED)
        with z.open("zip64.txt", "w", force_zip64=True) as f:
            f.write(b"z" * 100000)
  PY

  def test_entries_of_an_archive_another_tool_wrote
    Dir.mktmpdir do |dir|
      archive = File.join(dir, "a.zip")
      _out, err, status = Open3.capture3("python3", "-c", WRITER, archive)
      assert status.success?, err
      File.open(archive, "rb") do |file|
        entries = PdfService::ZipReader.new(file).map { |entry| [entry.name, entry.size, entry.read] }
        assert_equal ["stored.txt", "deflated.bin", "zip64.txt"], entries.map(&:first)
        assert_equal "plain " * 1000, entries[0][2]
        assert_equal (0..255).to_a.pack("C*") * 4000, entries[1][2]
        assert_equal "z" * 100_000, entries[2][2]
        assert_equal entries.map { |e| e[2].bytesize }, entries.map { |e| e[1] }
      end
    end
  end

  def test_a_damaged_entry_fails_its_crc_check
    Dir.mktmpdir do |dir|
      archive = File.join(dir, "a.zip")
      _out, err, status = Open3.capture3("python3", "-c", WRITER, archive)
      assert status.success?, err
      data = File.binread(archive)
      at = data.index("plain plain")
      data[at, 5] = "PLAIN"
      File.binwrite(archive, data)
      File.open(archive, "rb") do |file|
        stored = PdfService::ZipReader.new(file).find { |entry| entry.name == "stored.txt" }
        assert_raises(PdfService::ZipReader::FormatError) { stored.read }
      end
      File.binwrite(archive, "not a zip")
      File.open(archive, "rb") { |file| assert_raises(PdfService::ZipReader::FormatError) { PdfService::ZipReader.new(file).to_a } }
    end
  end
end

class RetryTest < Minitest::Test
  BUSY = [503, { "Retry-After" => "1", "Content-Type" => "application/problem+json" }, '{"status":503,"code":"server_busy","detail":"busy"}'].freeze
  CONCURRENCY = [429, { "Retry-After" => "0" }, '{"status":429,"code":"concurrency_limit","detail":"wait"}'].freeze
  PDF = [200, { "Content-Type" => "application/pdf", "RateLimit-Policy" => '"daily";q=10;w=86400', "RateLimit" => '"daily";r=9;t=60' }, "%PDF-ok"].freeze

  def test_an_upload_asking_for_it_is_retried_after_retry_after_and_sent_whole_again
    stub = StubServer.new([BUSY, CONCURRENCY, PDF])
    client = PdfService::Client.new(base_url: stub.url, api_key: "pdf_live_test", backoff: 0.01)
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    body = client.unlock(StringIO.new("%PDF-input"), password: "pw", retry: true).read
    elapsed = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
    assert_equal "%PDF-ok", body
    assert_operator elapsed, :>=, 1.0, "waited the Retry-After of the 503"
    assert_equal 3, stub.requests.size
    assert(stub.requests.all? { |r| r.body.include?("%PDF-input") && r.headers["authorization"] == "Bearer pdf_live_test" })
    assert_equal 9, client.last_rate_limit.remaining
    assert_equal "stub-3", client.last_request_id
  ensure
    stub&.close
  end

  def test_an_upload_is_not_retried_unless_asked_and_errors_keep_their_retry_after
    stub = StubServer.new([BUSY, PDF])
    client = PdfService::Client.new(base_url: stub.url, api_key: "k")
    error = assert_raises(PdfService::ServerBusyError) { client.unlock(PdfService::Upload.bytes("%PDF-x")) }
    assert_equal [503, "server_busy", 1.0, "stub-1"], [error.status, error.code, error.retry_after, error.request_id]
    assert_equal 1, stub.requests.size
  ensure
    stub&.close
  end

  def test_a_dropped_connection_on_a_get_is_retried_and_no_answer_at_all_is_a_network_error
    stub = StubServer.new([:close, [200, { "Content-Type" => "application/json" }, '{"plan":"pro"}']])
    client = PdfService::Client.new(base_url: stub.url, api_key: "k", backoff: 0.01)
    assert_equal "pro", client.account["plan"]
    assert_equal 2, stub.requests.size
    closed = TCPServer.new("127.0.0.1", 0)
    port = closed.addr[1]
    closed.close
    offline = PdfService::Client.new(base_url: "http://127.0.0.1:#{port}", api_key: "k", retries: 2, backoff: 0.01)
    error = assert_raises(PdfService::NetworkError) { offline.account }
    assert_equal [0, "network_error"], [error.status, error.code]
  ensure
    stub&.close
  end

  def test_a_stream_of_unknown_size_goes_chunked_and_call_options_reach_the_wire
    stub = StubServer.new([PDF, [202, {}, '{"id":"job_1","status":"queued"}']])
    client = PdfService::Client.new(base_url: stub.url, api_key: "k")
    reader, writer = IO.pipe
    writer.write("%PDF-piped")
    writer.close
    assert_equal "%PDF-ok", client.compress(reader, level: "high", request_id: "mine-1") { |result| result.read }
    first = stub.requests[0]
    assert_equal ["chunked", "mine-1"], [first.headers["transfer-encoding"], first.headers["x-request-id"]]
    assert_includes first.body, "%PDF-piped"
    job = client.compress(PdfService::Upload.bytes("%PDF-x"), async: true, callback_url: "https://example.com/hook", idempotency_key: "k-1")
    assert_equal "job_1", job["id"]
    second = stub.requests[1]
    assert_equal "k-1", second.headers["idempotency-key"]
    assert_includes second.body, %(name="async"\r\n\r\ntrue)
    assert_includes second.body, %(name="callback_url"\r\n\r\nhttps://example.com/hook)
    assert_raises(ArgumentError) { client.compress("x.pdf", levle: "high") }
  ensure
    stub&.close
  end

  def test_an_exception_in_the_callers_block_comes_back_unchanged_and_is_not_retried
    stub = StubServer.new([PDF, PDF])
    client = PdfService::Client.new(base_url: stub.url, api_key: "k")
    error = assert_raises(PdfService::ServerBusyError) do
      client.unlock(PdfService::Upload.bytes("%PDF-x"), retry: true) { raise PdfService::ServerBusyError.new(status: 503, code: "server_busy", detail: "mine") }
    end
    assert_equal "mine", error.detail
    assert_equal 1, stub.requests.size
    assert_equal "%PDF-ok", client.unlock(PdfService::Upload.bytes("%PDF-x")).read, "the client still works"
  ensure
    stub&.close
  end

  def test_an_answer_the_block_leaves_unread_does_not_break_the_next_call
    big = [200, { "Content-Type" => "application/pdf" }, "%PDF-#{'x' * (3 * 1024 * 1024)}"]
    stub = StubServer.new([big, PDF, PDF])
    client = PdfService::Client.new(base_url: stub.url, api_key: "k")
    assert_equal :ignored, client.unlock(PdfService::Upload.bytes("%PDF-x")) { :ignored } # 3 MiB unread: the connection is dropped
    assert_equal :ignored, client.unlock(PdfService::Upload.bytes("%PDF-x")) { :ignored } # 7 bytes unread: read off
    assert_equal "%PDF-ok", client.unlock(PdfService::Upload.bytes("%PDF-x")) { |result| result.read }
    assert_equal 3, stub.requests.size
  ensure
    stub&.close
  end
end
