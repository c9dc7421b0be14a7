import { describe, expect, it } from 'vitest';
import type { ClienteApi } from '../api/account-schemas.ts';
import {
  DOC_LABELS,
  docNumberProblem,
  docSavedMessage,
  documentoDe,
  isProfileDirty,
  profileFormFrom,
  profileUpdateFrom,
  sanitizeDocNumber,
} from './profile.ts';

const cliente: ClienteApi = {
  id: 7,
  idUsuario: 7,
  nombre: 'Ana Torres',
  apellido: '',
  usuario: 'ana',
  correo: 'ana@example.pe',
  telefono: '987654321',
  ciudad: '',
  direccion: 'Av. Larco 123',
  dni: '',
  pasaporte: '',
  carnetExtranjeria: '',
};

describe('profile form', () => {
  it('starts from the customer with the phone in groups of three', () => {
    expect(profileFormFrom(cliente)).toEqual({
      nombre: 'Ana Torres',
      usuario: 'ana',
      telefono: '987 654 321',
      direccion: 'Av. Larco 123',
      ciudad: '',
    });
  });

  it('is dirty only when a value really changed', () => {
    const loaded = profileFormFrom(cliente);
    expect(isProfileDirty(loaded, loaded)).toBe(false);
    expect(isProfileDirty({ ...loaded, nombre: 'Ana Torres ' }, loaded)).toBe(false);
    expect(isProfileDirty({ ...loaded, telefono: '987654321' }, loaded)).toBe(false);
    expect(isProfileDirty({ ...loaded, ciudad: 'Lima' }, loaded)).toBe(true);
    expect(isProfileDirty({ ...loaded, telefono: '987 654 322' }, loaded)).toBe(true);
  });

  it('sends the phone without spaces and the read-only e-mail', () => {
    const body = profileUpdateFrom({ ...profileFormFrom(cliente), direccion: ' Jr. Lima 5 ' }, cliente.correo);
    expect(body).toEqual({
      nombre: 'Ana Torres',
      usuario: 'ana',
      telefono: '987654321',
      direccion: 'Jr. Lima 5',
      ciudad: '',
      correo: 'ana@example.pe',
    });
  });
});

describe('identity document', () => {
  it('finds the saved document, or none', () => {
    expect(documentoDe(cliente)).toBeNull();
    expect(documentoDe({ ...cliente, dni: '12345678' })).toEqual({ type: 'DNI', number: '12345678' });
    expect(documentoDe({ ...cliente, pasaporte: 'AB123456' })).toEqual({ type: 'PASAPORTE', number: 'AB123456' });
    expect(documentoDe({ ...cliente, carnetExtranjeria: '001234567' })).toEqual({ type: 'CARNET EXTRANJERIA', number: '001234567' });
  });

  it('keeps only digits, at most 8, for a DNI', () => {
    expect(sanitizeDocNumber('DNI', '12a34-5678 90')).toBe('12345678');
    expect(sanitizeDocNumber('PASAPORTE', 'ab-12 3456')).toBe('AB123456');
    expect(sanitizeDocNumber('CARNET EXTRANJERIA', '1234567890123456')).toHaveLength(12);
  });

  it('checks the number against its type', () => {
    expect(docNumberProblem('DNI', '1234567')).toBe('El DNI debe tener 8 dígitos.');
    expect(docNumberProblem('DNI', '12345678')).toBeNull();
    expect(docNumberProblem('PASAPORTE', 'AB1')).not.toBeNull();
  });

  it('names the carné de extranjería as the RAE writes it', () => {
    expect(DOC_LABELS['CARNET EXTRANJERIA']).toBe('Carné de extranjería');
  });

  it('says which document was saved', () => {
    expect(docSavedMessage('DNI')).toBe('DNI guardado correctamente.');
    expect(docSavedMessage('PASAPORTE')).toBe('Pasaporte guardado correctamente.');
    expect(docSavedMessage('CARNET EXTRANJERIA')).toBe('Carnet de Extranjería guardado correctamente.');
  });
});
