# frozen_string_literal: true

# Pipelines with extra parts, remote inputs (PdfService::RemoteFile -> "<part>_url"), a job's
# result PUT to result_url and an idempotent submission sent twice, against the server and the
# loopback file server started by test/clients/ruby-client.test.ts ("remote_origin" in the config).
require "securerandom"
require_relative "helper"

class RemoteIntegrationTest < Minitest::Test
  include Integration

  WATERMARK_LOGO = [{ operation: "watermark", options: { image: "@logo", opacity: 1 } }].freeze

  def setup
    @dir = Dir.mktmpdir("pdf-client-rb-remote-")
    @client = client
    @origin = CONFIG.fetch("remote_origin")
  end

  def teardown
    @client.close
    FileUtils.rm_rf(@dir)
  end

  def saved(result, name)
    path = File.join(@dir, name)
    result.save(path)
    path
  end

  def images_in(path)
    run!("pdfimages", "-list", path).strip.lines.size - 2
  end

  def test_a_pipeline_step_names_an_extra_part
    result = @client.pipeline(corpus("trivial.pdf"), steps: WATERMARK_LOGO, parts: { "logo" => CONFIG.fetch("logo") })
    assert_operator images_in(saved(result, "logo.pdf")), :>, 0
  end

  def test_inputs_and_a_pipeline_part_from_urls
    remote = PdfService::RemoteFile.new("#{@origin}/multipage.pdf")
    assert_equal 6, page_count(saved(@client.compress(remote), "compressed.pdf"))
    assert_equal 7, page_count(saved(@client.merge([corpus("trivial.pdf"), remote]), "merged.pdf"))
    marked = @client.pipeline(remote, steps: WATERMARK_LOGO, parts: { logo: PdfService::RemoteFile.new("#{@origin}/logo.png") })
    assert_operator images_in(saved(marked, "marked.pdf")), :>, 0
  end

  def test_an_idempotent_job_submitted_twice_is_one_job_delivered_to_result_url
    key = "rb-#{SecureRandom.hex(8)}"
    put = "#{@origin}/put/rb.pdf"
    first = @client.rotate(corpus("multipage.pdf"), angle: 90, async: true, result_url: put, idempotency_key: key)
    second = @client.submit("rotate", file: corpus("multipage.pdf"), angle: 90, result_url: put, idempotency_key: key)
    assert_equal first["id"], second["id"]
    done = @client.wait(first, timeout: 60)
    assert_equal "succeeded", done["status"]
    assert_nil done["result"]["url"]
    assert_equal put, done["result"]["delivered_to"]
    error = assert_raises(PdfService::Error) { @client.rotate(corpus("trivial.pdf"), angle: 90, async: true, idempotency_key: key) }
    assert_equal "idempotency_key_reused", error.code
  end
end
