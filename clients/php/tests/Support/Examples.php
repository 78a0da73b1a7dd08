<?php

declare(strict_types=1);

namespace PdfService\Tests\Support;

use PdfService\Option;

/**
 * One example call per operation (a port of test/clients/examples.ts): the input, the named
 * arguments, and a check of the output with independent tools. An operation without an example
 * here fails the suite, so a new operation cannot ship without PHP client coverage.
 */
final class Examples
{
    /** @return array<string, array{input: string|list<string>, options: array<string, mixed>, check: \Closure(string, string): bool}> */
    public static function all(string $corpus, string $dir): array
    {
        $c = static fn (string $name): string => "{$corpus}/{$name}";
        $read = static fn (string $path): string => (string) file_get_contents($path);
        return [
            'merge' => ['input' => [$c('trivial.pdf'), $c('trivial.pdf')], 'options' => ['bookmarks' => true], 'check' => static fn ($f) => Tools::pageCount($f) === 2],
            'split' => ['input' => $c('tracemonkey.pdf'), 'options' => ['mode' => Option\SplitMode::Extract, 'pages' => '1-2'], 'check' => static fn ($f) => Tools::pageCount($f) === 2],
            'protect' => ['input' => $c('trivial.pdf'), 'options' => ['userPassword' => 'client-secret'], 'check' => static fn ($f) => Tools::pageCount($f, 'client-secret') === 1],
            'unlock' => ['input' => $c('encrypted-aes256-user-view-owner-master.pdf'), 'options' => ['password' => 'view'], 'check' => static fn ($f) => str_contains(Tools::run(['qpdf', '--show-encryption', $f])[1], 'not encrypted')],
            'ocr' => ['input' => $c('linn.pdf'), 'options' => ['output' => Option\OcrOutput::Txt], 'check' => static fn ($f) => strlen($read($f)) > 500],
            'extract-text' => ['input' => $c('tracemonkey.pdf'), 'options' => ['pages' => '1'], 'check' => static fn ($f) => str_contains($read($f), 'Trace-based')],
            'watermark' => ['input' => $c('trivial.pdf'), 'options' => ['text' => 'CLIENT', 'opacity' => 0.5], 'check' => static fn ($f) => str_contains(Tools::textOf($f), 'CLIENT')],
            'convert' => ['input' => $c('tracemonkey.pdf'), 'options' => ['to' => 'txt'], 'check' => static fn ($f) => str_contains($read($f), 'Trace-based')],
            'images' => ['input' => [$c('typewriter.png')], 'options' => ['pageSize' => Option\ImagesPageSize::A4], 'check' => static fn ($f) => Tools::pageCount($f) === 1],
            'compress' => ['input' => $c('tracemonkey.pdf'), 'options' => ['level' => 'low'], 'check' => static fn ($f) => Tools::qpdfCheck($f)],
            'rotate' => ['input' => $c('trivial.pdf'), 'options' => ['angle' => Option\RotateAngle::V90], 'check' => static fn ($f) => preg_match('/Page rot:\s+90/', Tools::run(['pdfinfo', $f])[1]) === 1],
            'organize' => ['input' => $c('tracemonkey.pdf'), 'options' => ['order' => '3,1'], 'check' => static fn ($f) => Tools::pageCount($f) === 2],
            'page-numbers' => ['input' => $c('tracemonkey.pdf'), 'options' => ['format' => 'Page {n} of {total}'], 'check' => static fn ($f) => str_contains(Tools::textOf($f), 'Page 14 of 14')],
            'metadata' => ['input' => $c('tracemonkey.pdf'), 'options' => [], 'check' => static fn ($f, $type) => str_contains($type, 'json') && json_decode($read($f), true)['pages'] === 14],
            'repair' => ['input' => $c('tracemonkey.pdf'), 'options' => [], 'check' => static fn ($f) => Tools::qpdfCheck($f)],
            'flatten' => ['input' => $c('tracemonkey.pdf'), 'options' => ['what' => Option\FlattenWhat::All], 'check' => static fn ($f) => Tools::pageCount($f) === 14],
            'redact' => ['input' => $c('tracemonkey.pdf'), 'options' => ['terms' => ['JavaScript']], 'check' => static fn ($f) => stripos(Tools::textOf($f), 'javascript') === false],
            'sign' => ['input' => $c('trivial.pdf'), 'options' => ['certificate' => Tools::signingCertificate($dir), 'certificatePassword' => 'client-test'], 'check' => static fn ($f) => Tools::isPdf($f)],
            'verify' => ['input' => $c('trivial.pdf'), 'options' => [], 'check' => static fn ($f) => json_decode($read($f), true)['signatures'] === []],
            'compare' => ['input' => [$c('tracemonkey.pdf'), $c('tracemonkey.pdf')], 'options' => [], 'check' => static fn ($f) => json_decode($read($f), true)['summary']['words_inserted'] === 0],
            'inspect' => ['input' => $c('tracemonkey.pdf'), 'options' => [], 'check' => static fn ($f) => json_decode($read($f), true)['page_count'] === 14],
            'attachments' => ['input' => $c('tracemonkey.pdf'), 'options' => ['action' => Option\AttachmentsAction::List], 'check' => static fn ($f) => json_decode($read($f), true)['attachments'] === []],
            'sanitize' => ['input' => $c('tracemonkey.pdf'), 'options' => ['remove' => 'javascript,actions'], 'check' => static fn ($f) => Tools::pageCount($f) === 14],
            'linearize' => ['input' => $c('tracemonkey.pdf'), 'options' => [], 'check' => static fn ($f) => str_contains(Tools::run(['qpdf', '--check-linearization', $f])[1], 'no linearization errors')],
            'pipeline' => ['input' => $c('tracemonkey.pdf'), 'options' => ['steps' => [['operation' => 'rotate', 'options' => ['angle' => '90']], ['operation' => 'page-numbers', 'options' => ['format' => 'Page {n} of {total}']]]], 'check' => static fn ($f) => str_contains(Tools::textOf($f), 'Page 14 of 14')],
            'forms' => ['input' => $c('trivial.pdf'), 'options' => [], 'check' => static fn ($f) => json_decode($read($f), true)['fields'] === []],
            'bookmarks' => ['input' => $c('trivial.pdf'), 'options' => ['bookmarks' => '[{"title":"Client bookmark","page":1}]'], 'check' => static fn ($f) => str_contains(Tools::run(['qpdf', '--json=2', '--json-key=outlines', $f])[1], '"title": "Client bookmark"')],
            'crop' => ['input' => $c('tracemonkey.pdf'), 'options' => ['auto' => true, 'pages' => '1'], 'check' => static fn ($f) => Tools::pageCount($f) === 14],
            'resize' => ['input' => $c('trivial.pdf'), 'options' => ['paper' => Option\ResizePaper::Letter], 'check' => static fn ($f) => preg_match('/Page size:\s+612 x 792/', Tools::run(['pdfinfo', $f])[1]) === 1],
            'n-up' => ['input' => $c('tracemonkey.pdf'), 'options' => ['perSheet' => Option\NUpPerSheet::V4], 'check' => static fn ($f) => Tools::pageCount($f) === 4],
            'booklet' => ['input' => $c('tracemonkey.pdf'), 'options' => [], 'check' => static fn ($f) => Tools::pageCount($f) === 8],
            'overlay' => ['input' => $c('tracemonkey.pdf'), 'options' => ['overlay' => $c('trivial.pdf')], 'check' => static fn ($f) => Tools::pageCount($f) === 14],
            'remove-blank' => ['input' => $c('tracemonkey.pdf'), 'options' => [], 'check' => static fn ($f) => Tools::pageCount($f) === 14],
        ];
    }
}
