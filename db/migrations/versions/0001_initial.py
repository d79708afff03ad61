"""initial schema: sources, subjects, quantities, facts

Revision ID: 0001
Revises: 
"""

from alembic import op
import sqlalchemy as sa
import db.types


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('quantities',
    sa.Column('id', sa.String(length=120), nullable=False),
    sa.Column('name', sa.Text(), nullable=False),
    sa.Column('name_zh', sa.Text(), nullable=True),
    sa.Column('unit_written', sa.String(length=40), nullable=False),
    sa.Column('unit', sa.String(length=40), nullable=False),
    sa.Column('is_count', sa.Boolean(), nullable=False),
    sa.Column('min_literal', sa.Text(), nullable=True),
    sa.Column('max_literal', sa.Text(), nullable=True),
    sa.Column('min_value', db.types.ExactDecimal(), nullable=True),
    sa.Column('max_value', db.types.ExactDecimal(), nullable=True),
    sa.Column('description', sa.Text(), nullable=True),
    sa.Column('file', sa.String(length=500), nullable=False),
    sa.Column('line', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_quantities'))
    )
    op.create_table('sources',
    sa.Column('id', sa.String(length=120), nullable=False),
    sa.Column('title', sa.Text(), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('publisher', sa.Text(), nullable=True),
    sa.Column('authors', sa.JSON(), nullable=False),
    sa.Column('url', sa.Text(), nullable=True),
    sa.Column('doi', sa.String(length=200), nullable=True),
    sa.Column('arxiv', sa.String(length=40), nullable=True),
    sa.Column('published', sa.String(length=10), nullable=True),
    sa.Column('accessed', sa.Date(), nullable=True),
    sa.Column('note', sa.Text(), nullable=True),
    sa.Column('file', sa.String(length=500), nullable=False),
    sa.Column('line', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sources'))
    )
    op.create_table('subjects',
    sa.Column('id', sa.String(length=120), nullable=False),
    sa.Column('name', sa.Text(), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('vendor', sa.Text(), nullable=True),
    sa.Column('aliases', sa.JSON(), nullable=False),
    sa.Column('variant_of', sa.String(length=120), nullable=True),
    sa.Column('note', sa.Text(), nullable=True),
    sa.Column('file_subject', sa.Boolean(), nullable=False),
    sa.Column('file', sa.String(length=500), nullable=False),
    sa.Column('line', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['variant_of'], ['subjects.id'], name=op.f('fk_subjects_variant_of_subjects'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_subjects'))
    )
    op.create_table('facts',
    sa.Column('id', sa.String(length=200), nullable=False),
    sa.Column('subject_id', sa.String(length=120), nullable=False),
    sa.Column('quantity_id', sa.String(length=120), nullable=False),
    sa.Column('subject_written', sa.Boolean(), nullable=False),
    sa.Column('literal', sa.Text(), nullable=True),
    sa.Column('undisclosed', sa.Boolean(), nullable=False),
    sa.Column('exact', sa.Boolean(), nullable=False),
    sa.Column('approx', sa.Boolean(), nullable=False),
    sa.Column('comparator', sa.String(length=2), nullable=True),
    sa.Column('magnitude', db.types.ExactDecimal(), nullable=True),
    sa.Column('magnitude_high', db.types.ExactDecimal(), nullable=True),
    sa.Column('unit', sa.String(length=40), nullable=True),
    sa.Column('value_norm', db.types.ExactDecimal(), nullable=True),
    sa.Column('low_norm', db.types.ExactDecimal(), nullable=True),
    sa.Column('high_norm', db.types.ExactDecimal(), nullable=True),
    sa.Column('tier', sa.String(length=20), nullable=False),
    sa.Column('source_id', sa.String(length=120), nullable=True),
    sa.Column('locator', sa.Text(), nullable=True),
    sa.Column('date', sa.Date(), nullable=True),
    sa.Column('qualifiers', sa.JSON(), nullable=False),
    sa.Column('note', sa.Text(), nullable=True),
    sa.Column('rank', sa.Integer(), nullable=True),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('supersedes_id', sa.String(length=200), nullable=True),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('file', sa.String(length=500), nullable=False),
    sa.Column('line', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.CheckConstraint("status IN ('current', 'superseded', 'withdrawn')", name=op.f('ck_facts_status')),
    sa.CheckConstraint("tier IN ('official', 'measured', 'inferred', 'estimated')", name=op.f('ck_facts_tier')),
    sa.CheckConstraint('(literal IS NULL) = undisclosed', name=op.f('ck_facts_value_or_undisclosed')),
    sa.ForeignKeyConstraint(['quantity_id'], ['quantities.id'], name=op.f('fk_facts_quantity_id_quantities')),
    sa.ForeignKeyConstraint(['source_id'], ['sources.id'], name=op.f('fk_facts_source_id_sources')),
    sa.ForeignKeyConstraint(['subject_id'], ['subjects.id'], name=op.f('fk_facts_subject_id_subjects')),
    sa.ForeignKeyConstraint(['supersedes_id'], ['facts.id'], name=op.f('fk_facts_supersedes_id_facts')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_facts'))
    )
    with op.batch_alter_table('facts', schema=None) as batch_op:
        batch_op.create_index('ix_facts_subject_quantity', ['subject_id', 'quantity_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('facts', schema=None) as batch_op:
        batch_op.drop_index('ix_facts_subject_quantity')

    op.drop_table('facts')
    op.drop_table('subjects')
    op.drop_table('sources')
    op.drop_table('quantities')
